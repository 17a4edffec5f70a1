import { copyFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { checkBothThemes } from '../../support/axe.ts';
import { launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';

// The data-flow map in Chromium: the Data flow page from a search, a topic's Flow tab, a click that
// opens a node, the impact line of the delete dialog; axe-clean light and dark at 1440 and 1024 px.
let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
let topic: string;
let other: string;
let group: string;

beforeAll(async () => {
  topic = await kafka.createTopic(1);
  other = await kafka.createTopic(1);
  group = await kafka.commitOffsets(topic, [0]);
  await kafka.admin.alterConsumerGroupOffsets({
    groupId: group,
    topics: [{ name: other, partitionOffsets: [{ partition: 0, offset: 0n }] }],
  });
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

const node = (name: string) => page.getByRole('link', { name });

describe('the data-flow map', () => {
  it("draws a topic's readers on its Flow tab and opens a node on click", async () => {
    await page.goto(`${app.url}/ui/local/topic/${topic}/flow`);
    await node(`Consumer group ${group}`).waitFor();
    await expect(node(`Topic ${topic}`).count()).resolves.toBe(1);
    await expect(node(`Topic ${other}`).count()).resolves.toBe(0);
    await page.getByLabel('Depth').selectOption('2');
    await node(`Topic ${other}`).waitFor();
    await node(`Consumer group ${group}`).click();
    await page.waitForURL(new RegExp(`/ui/local/group/${group}`));
  });

  it('starts the Data flow page from a search, and walks the nodes with the keyboard', async () => {
    await page.goto(`${app.url}/ui/local/data-flow`);
    await page.getByRole('searchbox').fill(group);
    await page.getByRole('button', { name: 'Show' }).click();
    await node(`Consumer group ${group}`).waitFor();
    await node(`Topic ${topic}`).focus();
    await page.keyboard.press('ArrowRight');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-node'));
    expect(focused).toBe(`consumer-group:${group}`);
  });

  it('says who reads a topic before deleting it', async () => {
    await page.goto(`${app.url}/ui/local/topic/${topic}/partitions`);
    await page.getByRole('button', { name: 'Delete topic' }).click();
    await page.getByRole('note').filter({ hasText: '1 group reads this topic' }).waitFor();
    await screenshot(page, 'data-flow-delete-impact');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  for (const width of [1440, 1024]) {
    it(`is axe-clean light and dark at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${app.url}/ui/local/topic/${topic}/flow?depth=2`);
      await node(`Topic ${other}`).waitFor();
      expect(await checkBothThemes(page, 'data-flow-topic')).toEqual([]);
      await page.goto(`${app.url}/ui/local/data-flow?q=${group}`);
      await node(`Consumer group ${group}`).waitFor();
      expect(await checkBothThemes(page, 'data-flow-page')).toEqual([]);
      for (const theme of ['light', 'dark']) {
        const name = `data-flow-page-${width}-${theme}.png`;
        await copyFile(`test-output/e2e/${name}`, `/tmp/${name}`).catch(() => undefined);
      }
    });
  }
});
