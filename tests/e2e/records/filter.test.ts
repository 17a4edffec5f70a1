/**
 * The filter expression box beside the six search fields: an example put in the box finds the
 * records it describes, an invalid expression shows the server's message (with the position) under the
 * box, and the records the expression fails on are counted under the progress. 1440 and 1024 px, light
 * and dark, axe-core clean.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { seriousViolations } from '../../support/axe.ts';
import { launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, waitForTopic } from '../../support/records.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const topic = `e2e-filter-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  await kafka.createTopic(1, { name: topic });
  await waitForTopic(kafka.admin, topic, 1);
  await produceMany(topic, 6, (i) => ({
    partition: 0,
    key: `order-${i}`,
    value:
      i === 5
        ? // Text the prefilters cannot rule out (FAILED, an amount above 100): evaluated, it fails.
          'FAILED, "amount": 900, not json'
        : JSON.stringify({ status: i % 2 ? 'FAILED' : 'OK', amount: i * 50, customer: { id: i } }),
    timestamp: Date.UTC(2024, 0, 1, 12, 0, i),
  }));
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

const keys = () =>
  page
    .getByRole('table', { name: 'Records' })
    .locator('tbody tr:not(.data-table__sub-row):not(.data-table__state-row)')
    .evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[2]?.textContent ?? ''));

async function axeBothThemes(label: string): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    await page.waitForTimeout(150);
    for (const line of await seriousViolations(page)) found.push(`${label} [${theme}] ${line}`);
    await screenshot(page, `${label}-${page.viewportSize()?.width}-${theme}`);
  }
  return found;
}

describe('the filter expression box', () => {
  it('runs an example, shows an invalid expression’s position under the box, counts failures', async () => {
    await page.goto(`${app.url}/ui/local/topic/${topic}/data`);
    const box = page.getByRole('textbox', { name: 'Filter expression (CEL)' });
    await page.getByRole('button', { name: 'value.status == "FAILED" && value.amount > 100' }).click();
    await expect.poll(() => box.inputValue()).toBe('value.status == "FAILED" && value.amount > 100');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => keys(), { timeout: 15_000 }).toEqual(['order-3']);
    expect(new URL(page.url()).searchParams.get('filter')).toBe(
      'value.status == "FAILED" && value.amount > 100',
    );
    // `FAILED, not json` has no status: left out and counted.
    await expect
      .poll(() => page.locator('.search-progress__failures').textContent(), { timeout: 15_000 })
      .toMatch(/The filter failed on 1 record \(left out\), first: partition 0 offset 5/);
    const found = await axeBothThemes('records-filter');

    await box.fill('value.status ==');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const error = page.getByRole('alert').filter({ hasText: 'line 1, column' });
    await expect.poll(() => error.textContent(), { timeout: 15_000 }).toMatch(/^line 1, column \d+: /);
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    found.push(...(await axeBothThemes('records-filter-error')));

    await page.setViewportSize({ width: 1024, height: 800 });
    found.push(...(await axeBothThemes('records-filter-error')));
    expect(found).toEqual([]);
  });
});
