import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { checkBothThemes } from '../../support/axe.ts';
import { launchBrowser } from '../../support/browser.ts';

/** The Nodes page's KRaft quorum and feature levels, at 1440 and 1024 px, light and dark, held to axe. */
let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
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
  }
});
