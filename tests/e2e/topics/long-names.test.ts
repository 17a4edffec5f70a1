import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { checkBothThemes } from '../../support/axe.ts';
import { launchBrowser } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';

/**
 * A Kafka Streams app's internal topics have names past 60 characters. At 1024 px each stays on one line,
 * cut in the middle, and nothing on the topic list sticks out past the window's right edge.
 */
let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const app1 = `e2e-long-${randomUUID().slice(0, 8)}-orders-enricher`;
const names = [
  `${app1}-KSTREAM-AGGREGATE-STATE-STORE-0000000002-changelog`,
  `${app1}-KSTREAM-AGGREGATE-STATE-STORE-0000000002-repartition`,
  `${app1}-KTABLE-SUPPRESS-STATE-STORE-0000000009-changelog`,
];

beforeAll(async () => {
  for (const name of names) await kafka.createTopic(1, { name });
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

describe('long topic names in the topic list', () => {
  it('shows each on one line, cut in the middle, whole in its accessible name and title, nothing past the edge', async () => {
    await page.goto(`${app.url}/ui/local/topic?search=${app1}`);
    for (const name of names) {
      const link = page.getByRole('link', { name, exact: true });
      await link.waitFor();
      expect(await link.locator('.middle-ellipsis').getAttribute('title')).toBe(name);
      const box = await link.boundingBox();
      // One line of text: the row does not grow to six lines as it did.
      expect(box?.height).toBeLessThan(24);
    }
    // The differing ends stay visible: the tails are drawn whole.
    const tails = await page.locator('.topic-name .middle-ellipsis__tail').allTextContents();
    expect(tails).toEqual(expect.arrayContaining(['00000002-repartition', '0000000002-changelog']));
    const outside = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      return Array.from(document.querySelectorAll('main *')).filter(
        (e) => e.getBoundingClientRect().right > width + 1,
      ).length;
    });
    expect(outside).toBe(0);
    expect(await checkBothThemes(page, 'topic-list-long-names')).toEqual([]);
  }, 60_000);
});
