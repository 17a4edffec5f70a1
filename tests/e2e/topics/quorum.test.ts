import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlyClusters, type RunningApp, startApp } from '../../support/app.ts';
import { checkBothThemes } from '../../support/axe.ts';
import { launchBrowser } from '../../support/browser.ts';
import { type TestCluster, threeBrokers } from '../../support/kafka-cluster.ts';

/**
 * The Nodes page's KRaft quorum and feature levels, at 1440 and 1024 px, light and dark, held to axe: on the
 * stack's single node, and on three nodes, where every voter has its own lag and caught-up time.
 */
let app: RunningApp;
let three: RunningApp;
let cluster: TestCluster;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  cluster = await threeBrokers();
  app = await startApp();
  three = await startApp(onlyClusters({ three: { 'bootstrap.servers': cluster.bootstrap } }));
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await three?.close();
  await cluster?.stop();
});

describe('the KRaft quorum on the Nodes page', () => {
  for (const width of [1440, 1024]) {
    it(`shows the leader, the voters' lag and the feature levels (${width} px)`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${app.url}/ui/local/node`);
      await page.getByText(/^Leader 1, epoch \d+, high watermark [\d,]+$/).waitFor();
      const replicas = page.getByRole('table', { name: 'Quorum replicas' });
      expect(await replicas.getByRole('row').nth(1).textContent()).toMatch(/^1leader[\d,]+0/);
      const features = page.getByRole('table', { name: 'Feature levels' });
      await features.getByRole('row').filter({ hasText: 'metadata.version' }).waitFor();
      expect(await features.getByRole('row').filter({ hasText: 'kraft.version' }).textContent()).toContain(
        'not set',
      );
      expect(await checkBothThemes(page, 'nodes-quorum')).toEqual([]);
    }, 60_000);

    it(`lists the three voters of a 3-node quorum, one of them the leader (${width} px)`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${three.url}/ui/three/node`);
      await page.getByText(/^Leader [123], epoch \d+, high watermark [\d,]+$/).waitFor();
      const rows = page.getByRole('table', { name: 'Quorum replicas' }).getByRole('row');
      await expect.poll(() => rows.count()).toBe(4);
      const texts = (await rows.allTextContents()).slice(1);
      expect(texts.map((t) => t.slice(0, 1)).sort()).toEqual(['1', '2', '3']);
      expect(texts.filter((t) => t.includes('leader'))).toHaveLength(1);
      expect(await checkBothThemes(page, 'nodes-quorum-3')).toEqual([]);
    }, 60_000);
  }
});
