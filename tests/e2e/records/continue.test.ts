/**
 * A search a scan budget stops offers "Continue from here": the next range with the same filters, from the
 * cursor the budget left, until the whole topic is searched, every match once.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, waitForTopic } from '../../support/records.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const topic = `e2e-continue-${randomUUID().slice(0, 8)}`;
const base = Date.UTC(2024, 0, 1, 12, 0, 0);

beforeAll(async () => {
  await kafka.createTopic(2, { name: topic });
  await waitForTopic(kafka.admin, topic, 2);
  // 200 records, a needle every 20th: 10 needles, 5 in each partition.
  await produceMany(topic, 200, (i) => ({
    partition: i % 2,
    value: i % 20 === 0 ? `needle ${i}` : `hay ${i}`,
    timestamp: base + i * 1000,
  }));
  // A records budget of 60 a scan: the topic takes four searches.
  app = await startApp((c) => ({ ...c, topicData: { ...c.topicData, scanMaxRecords: 60 } }));
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

const rows = () =>
  page
    .getByRole('table', { name: 'Records' })
    .locator('tbody tr:not(.data-table__sub-row):not(.data-table__state-row)');
// Columns: select, expand, Key, Value, Date, Partition, Offset, Headers, Schema, actions.
const VALUE = 3;
const values = () =>
  rows().evaluateAll((trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i]?.textContent ?? ''), VALUE);

describe('a search a budget stops', () => {
  it('continues from here with the same filters until the topic is searched to its end', async () => {
    await page.goto(`${app.url}/ui/local/topic/${topic}/data`);
    await page.getByRole('searchbox', { name: 'Value', exact: true }).fill('needle');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const status = page.locator('.search-progress__text');
    const proceed = page.getByRole('button', { name: 'Continue from here' });
    const progress = page.getByRole('progressbar', { name: 'Search progress' });
    const seen: string[] = [];
    let percent: string | null = '0';
    for (let step = 1; ; step++) {
      // Each search ends further on: its progress moved past the last one's, with why it stopped.
      await expect
        .poll(async () => (await progress.getAttribute('aria-valuenow')) !== percent, { timeout: 15_000 })
        .toBe(true);
      await expect
        .poll(() => status.textContent(), { timeout: 15_000 })
        .toMatch(/Stopped: the records budget|Reached the end of the range/);
      percent = await progress.getAttribute('aria-valuenow');
      seen.push(...(await values()).filter((v) => v.includes('needle')));
      if ((await status.textContent())?.includes('Reached the end')) {
        expect(await proceed.count()).toBe(0);
        break;
      }
      if (step === 1) await screenshot(page, 'records-search-continue');
      expect(step).toBeLessThan(10);
      const before = page.url();
      await proceed.click();
      await page.waitForURL((url) => url.toString() !== before);
      // Same filters, the budget's cursor as the start.
      expect(new URL(page.url()).searchParams.get('searchByValue')).toBe('needle_C');
      expect(new URL(page.url()).searchParams.get('after')).toBeTruthy();
    }
    const expected = Array.from({ length: 10 }, (_, k) => `needle ${k * 20}`);
    expect([...seen].sort()).toEqual([...expected].sort());
  });
});
