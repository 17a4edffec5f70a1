import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { seriousViolations } from '../../support/axe.ts';
import { launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';

// The Insights page: reached from the overview's counts, filtered by severity and kind, each finding
// linking to its object; axe-clean in both themes at 1440 and 1024 px.
let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const tag = `e2e-ins-${randomUUID().slice(0, 8)}`;
const impossible = `${tag}-acks-impossible`;
const widths = [1440, 1024] as const;
const violations: string[] = [];

beforeAll(async () => {
  await kafka.createTopic(1, { name: impossible, configs: { 'min.insync.replicas': '2' } });
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

async function settle(): Promise<void> {
  await page.locator('main').first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"], .spinner').count(), { timeout: 30_000 }).toBe(0);
  await page.waitForTimeout(150);
}

/** axe in light and dark at the current width, with a screenshot of each. */
async function check(name: string): Promise<void> {
  await settle();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    await page.waitForTimeout(120);
    const width = page.viewportSize()?.width;
    for (const line of await seriousViolations(page)) violations.push(`${name} ${width} [${theme}] ${line}`);
    await screenshot(page, `${name}-${width}-${theme}`);
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
}

const overflow = () =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.each(widths)('at %i px', (width) => {
  beforeAll(async () => {
    await page.setViewportSize({ width, height: 900 });
  });

  it('counts findings on the overview and opens the critical ones from there', async () => {
    await page.goto(`${app.url}/ui/local/overview`);
    const critical = page.getByRole('link', { name: /^[\d,]+ Critical findings$/ });
    await expect.poll(() => critical.textContent(), { timeout: 30_000 }).toMatch(/^[1-9][\d,]* Critical/);
    await check('insights-overview');
    await critical.click();
    await page.waitForURL(/\/ui\/local\/insights\?severity=critical$/);
    const severities = page.getByRole('navigation', { name: 'Severity' });
    expect(await severities.getByRole('link', { name: /^Critical/ }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await severities.getByRole('link', { name: /^All/ }).getAttribute('aria-current')).toBeNull();
  });

  it('filters by kind and links a finding to its topic', async () => {
    await page.goto(`${app.url}/ui/local/insights`);
    // Every kind the stack has, unfiltered: topics, groups, their evidence and advice.
    await page.getByRole('table', { name: 'Findings' }).locator('tbody tr').first().waitFor();
    await check('insights-all');
    await page.getByRole('combobox', { name: 'Kind of finding' }).selectOption('topic.min-isr-above-rf');
    await page.waitForURL((url) => url.searchParams.get('kind') === 'topic.min-isr-above-rf');
    const table = page.getByRole('table', { name: 'Findings' });
    const link = table.getByRole('link', { name: impossible, exact: true });
    // The previous (unfiltered) page stays on screen until the filtered one comes.
    await expect.poll(() => link.count(), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(() => table.locator('tbody tr').filter({ hasNotText: 'acks=all impossible' }).count())
      .toBe(0);
    const row = table
      .locator('tbody tr')
      .filter({ has: page.getByRole('link', { name: impossible, exact: true }) });
    expect(await row.textContent()).toContain('min.insync.replicas=2');
    expect(await row.textContent()).toContain('acks=all impossible');
    expect(await row.getByText('Critical', { exact: true }).count()).toBe(1);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await check('insights-page');
    await link.click();
    await page.waitForURL(new RegExp(`/ui/local/topic/${impossible}(/\\w+)?$`));
  });
});

describe('accessibility', () => {
  it('has no serious axe violation on the Insights screens, light or dark', () => {
    expect(violations).toEqual([]);
  });
});
