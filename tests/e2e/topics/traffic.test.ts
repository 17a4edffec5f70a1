import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { checkBothThemes } from '../../support/axe.ts';
import { launchBrowser } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, waitForTopic } from '../../support/records.ts';

/** The topic page's Traffic tab: counts from the time index as bars, at 1440 and 1024 px, light and dark. */
let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
let topic: string;

beforeAll(async () => {
  topic = await kafka.createTopic(2);
  await waitForTopic(kafka.admin, topic, 2);
  // 30 records stamped six days ago, then 120 over the last 40 minutes (in time order, as producers write).
  const now = Date.now();
  await produceMany(topic, 150, (i) => ({
    partition: i % 2,
    value: `v${i}`,
    timestamp: i < 30 ? now - 6 * 86_400_000 + i * 1000 : now - 40 * 60_000 + (i - 30) * 20_000,
  }));
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

describe('the Traffic tab', () => {
  for (const width of [1440, 1024]) {
    it(`charts the records written per bucket and switches range (${width} px)`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${app.url}/ui/local/topic/${topic}/traffic`);
      const found: string[] = [];
      await page.getByText('120 records written, counted per 15 minutes').waitFor();
      await page.getByRole('img', { name: /in all, at most/ }).waitFor();
      expect(await page.locator('.time-chart canvas').count()).toBe(1);
      found.push(...(await checkBothThemes(page, 'topic-traffic-day')));
      await page.getByRole('button', { name: 'Last hour' }).click();
      await page.getByText('120 records written, counted per minute').waitFor();
      await page.getByRole('button', { name: 'Last week' }).click();
      await page.getByText('150 records written, counted per hour').waitFor();
      await page.getByRole('button', { name: 'Whole retention' }).click();
      await page.getByText(/^150 records written, counted per/).waitFor();
      expect(await page.getByRole('button', { name: 'Whole retention' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      found.push(...(await checkBothThemes(page, 'topic-traffic-all')));
      expect(found).toEqual([]);
    }, 60_000);
  }
});
