import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { seriousViolations } from '../../support/axe.ts';
import { launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka, uniqueName } from '../../support/kafka.ts';

const kafka = testKafka();
let app: RunningApp;
let browser: Browser;
let page: Page;
let topic: string;

beforeAll(async () => {
  const auditTopic = uniqueName('topic');
  kafka.track(auditTopic);
  app = await startApp((config) => ({
    ...config,
    audit: { ...config.audit, enabled: true, topic: auditTopic },
  }));
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  topic = uniqueName('topic');
  kafka.track(topic);
  const made = await fetch(`${app.url}/api/local/topic`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: topic, partition: 1, replication: 1 }),
  });
  expect(made.status).toBeLessThan(300);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

describe('audit page', () => {
  it('lists the write just made, filtered by object, light and dark, 1440 and 1024 px, axe-clean', {
    timeout: 150_000,
  }, async () => {
    await page.goto(`${app.url}/ui/local/topic`);
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.waitForURL(/\/local\/audit$/);
    const rows = page
      .getByRole('table', { name: 'Audit events' })
      .getByRole('row')
      .filter({ hasText: topic });
    await page.getByRole('searchbox', { name: 'Object contains' }).fill(topic);
    await page.getByRole('combobox', { name: 'Outcome' }).selectOption('success');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/object=/);
    // The index follows the topic: the event may take a moment to arrive. Each look reloads the page and
    // reads the rows once its answer is drawn (counted right after a reload, the rows were not there yet).
    const answered = page.getByText(/matching of [\d,]+ indexed/);
    await expect
      .poll(
        async () => {
          await page.reload();
          await answered.waitFor();
          return rows.count();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(1);
    expect(await rows.textContent()).toContain('TOPIC:CREATE');
    await expect.poll(() => page.getByText(/1 matching of [\d,]+ indexed/).count()).toBe(1);

    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((t) => {
          document.documentElement.dataset.theme = t;
        }, theme);
        await page.waitForTimeout(150);
        expect(await seriousViolations(page), `${width} ${theme}`).toEqual([]);
        await screenshot(page, `audit-${width}-${theme}`);
      }
    }
  });
});
