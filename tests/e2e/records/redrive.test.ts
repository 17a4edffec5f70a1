import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { checkBothThemes } from '../../support/axe.ts';
import { launchBrowser } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, waitForTopic } from '../../support/records.ts';

/** The Redrive and Replay pages: a dry run's counts per target, then the run to its end. */
let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

describe('the Redrive page', () => {
  it('counts the dead letters per original topic, then sends them back', async () => {
    const orders = await kafka.createTopic(1);
    const payments = await kafka.createTopic(1);
    const dlq = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, dlq, 1);
    await produceMany(dlq, 5, (i) => ({
      partition: 0,
      key: `k${i}`,
      value: `dead-${i}`,
      headers: { '__connect.errors.topic': i < 3 ? orders : payments, '__connect.errors.partition': '0' },
    }));
    await page.goto(`${app.url}/ui/local/topic/${dlq}/redrive`);
    await page.getByRole('button', { name: 'Count (dry run)' }).click();
    const table = page.getByRole('table', { name: 'Records per target topic' });
    await table.waitFor();
    expect(await table.getByRole('row').allTextContents()).toEqual([
      'Target topicWould sendNote',
      ...[
        [orders, 3],
        [payments, 2],
      ]
        .sort(([a], [b]) => String(a).localeCompare(String(b)))
        .map(([t, n]) => `${t}${n}`),
    ]);
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await checkBothThemes(page, 'records-redrive-counted')).toEqual([]);
    }
    await page.getByRole('button', { name: 'Redrive', exact: true }).click();
    await page.getByText('Done: the whole range was read.').waitFor();
    await page.getByText('100.00% · 5 sent').waitFor();
    expect(await checkBothThemes(page, 'records-redrive-done')).toEqual([]);
  }, 90_000);
});

describe('the Replay page', () => {
  it('copies the records a filter keeps to the chosen topic', async () => {
    const source = await kafka.createTopic(1);
    const target = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, target, 1);
    await produceMany(source, 10, (i) => ({ partition: 0, value: JSON.stringify({ n: i }) }));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url}/ui/local/topic/${source}/replay`);
    await page.getByLabel('Topic', { exact: true }).selectOption(target);
    await page.getByLabel('Filter expression (CEL)').fill('value.n >= 7');
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await page.getByText('100.00% · 3 sent').waitFor();
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await checkBothThemes(page, 'records-replay-done')).toEqual([]);
    }
    await page.getByRole('link', { name: 'Back to the data' }).click();
    await page.waitForURL(/\/data/);
  }, 90_000);
});
