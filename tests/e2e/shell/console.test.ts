import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { launchBrowser, screenshot } from '../../support/browser.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the console shell', () => {
  it('opens on the first cluster with its menu, and navigates to the real broker list', async () => {
    await page.goto(`${app.url}/ui`);
    await page.waitForURL(/\/ui\/local\/overview$/);
    const menu = page.getByRole('complementary', { name: 'Main menu' });
    await expect.poll(() => menu.getByLabel('Cluster').inputValue()).toBe('local');
    for (const entry of [
      'Nodes',
      'Topics',
      'Live Tail',
      'Consumer Groups',
      'ACLS',
      'Schema Registry',
      'Settings',
    ]) {
      expect(await menu.getByRole('link', { name: entry }).count(), entry).toBe(1);
    }
    expect(await menu.getByLabel('Connect').inputValue()).toBe('local');
    expect(await menu.getByLabel('ksqlDB').inputValue()).toBe('local');
    await screenshot(page, 'shell-topics');

    await menu.getByRole('link', { name: 'Nodes' }).click();
    await page.waitForURL(/\/ui\/local\/node$/);
    await expect.poll(() => page.title()).toMatch(/^Nodes/);
    const row = page.getByRole('row').filter({ hasText: '127.0.0.1' });
    await row.waitFor();
    expect(await row.textContent()).toContain(process.env.KAFKA_BOOTSTRAP?.split(':')[1]);
    // The controller comes as a node object with the cluster id (AKHQ's Cluster): its row is flagged.
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('yes');
    await screenshot(page, 'nodes');
  });

  it('serves deep links and shows page-not-found for unknown screens', async () => {
    await page.goto(`${app.url}/ui/local/node`);
    await page.getByRole('row').filter({ hasText: '127.0.0.1' }).waitFor();
    // AKHQ's screens name the nodes list /nodes too (docs/behaviour.md#menu-and-routes).
    await page.goto(`${app.url}/ui/local/nodes`);
    await page.getByRole('row').filter({ hasText: '127.0.0.1' }).waitFor();
    expect(page.url()).toMatch(/\/ui\/local\/nodes$/);
    await expect.poll(() => page.title()).toMatch(/^Nodes/);
    await page.goto(`${app.url}/ui/local/no-such-screen`);
    await page
      .getByText(/not found/i)
      .first()
      .waitFor();
    await screenshot(page, 'not-found');
  });

  it('remembers a collapsed menu and the dark theme across reloads', async () => {
    await page.goto(`${app.url}/ui/local/node`);
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Expand menu' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByRole('row').filter({ hasText: '127.0.0.1' }).waitFor();
    await screenshot(page, 'dark-collapsed');
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
  });

  it('loads under the page CSP without violations', async () => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${app.url}/ui/local/node`);
    await page.getByRole('row').filter({ hasText: '127.0.0.1' }).waitFor();
    expect(violations).toEqual([]);
  });
});
