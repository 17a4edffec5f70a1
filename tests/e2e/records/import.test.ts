import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { checkBothThemes } from '../../support/axe.ts';
import { expectToast, launchBrowser } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';
import { waitForTopic } from '../../support/records.ts';

/** The Import page: a file checked, its bad lines listed by number, then imported skipping them. */
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

const lines = [
  '{"key":"a","value":"first","partition":0}',
  '{"key":"b","value":"second","partition":7}',
  '{"key":"c","value":"third","partition":1}',
  '{"key":"d", oops',
].join('\n');

describe('the Import page', () => {
  it('lists the bad lines of a checked file, then imports the good records skipping them', async () => {
    const topic = await kafka.createTopic(2);
    await waitForTopic(kafka.admin, topic, 2);
    await page.goto(`${app.url}/ui/local/topic/${topic}/import`);
    await page.getByLabel('File').setInputFiles({
      name: 'orders.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(lines),
    });
    expect(await page.getByLabel('Format').inputValue()).toBe('application/x-ndjson');
    await page.getByRole('button', { name: 'Check' }).click();
    const bad = page.getByRole('table', { name: 'Bad lines' });
    await bad.waitFor();
    await page.getByText('2 records would be written; 2 bad lines.').waitFor();
    expect(await bad.getByRole('row').allTextContents()).toEqual([
      'LineWhy',
      expect.stringMatching(/^2partition: is 7; topic '.+' has 2 partition\(s\)$/),
      expect.stringMatching(/^4not JSON/),
    ]);
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await checkBothThemes(page, 'records-import-checked')).toEqual([]);
    }
    // Write nothing (the default) refuses the file: the same lines, nothing written.
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByText('Nothing was written: the file has bad lines.').waitFor();
    await page.getByLabel('Skip it, write the rest').check();
    await page.getByRole('button', { name: 'Import' }).click();
    await expectToast(page, `Imported 2 records into topic '${topic}'.`);
    await page.getByText('2 records written, 2 bad lines skipped.').waitFor();
    await page.getByRole('link', { name: "See the topic's data" }).click();
    await page.getByRole('cell', { name: 'third', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'second', exact: true }).count()).toBe(0);
  }, 90_000);
});
