// The operations screens in a real browser: share groups beside consumer groups, and the
// reassignment page; each at 1440 and 1024 px, light and dark, held to axe-core.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { seriousViolations } from '../../support/axe.ts';
import { expectToast, launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const tag = randomUUID().slice(0, 8);
const topic = `e2e-ops-${tag}`;
const group = `e2e-share-${tag}`;
/** 26 more groups sharing the group's id as prefix: its search spans two pages of 25. */
const pagedGroups = Array.from({ length: 26 }, (_, i) => `${group}-${String(i).padStart(2, '0')}`);

const api = (path: string, method = 'GET', body?: unknown) =>
  fetch(`${app.url}/api/local${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  await kafka.createTopic(2, { name: topic });
  await kafka.produce(topic, [
    { partition: 0, value: 'a' },
    { partition: 0, value: 'b' },
    { partition: 1, value: 'c' },
  ]);
  app = await startApp();
  // Setting a start offset makes the (empty) share group, as ShareGroupCommand --reset-offsets does.
  const made = await api(`/share-groups/${group}/offsets`, 'POST', [
    { topic, partition: 0, offset: 1 },
    { topic, partition: 1, offset: 0 },
  ]);
  if (made.status !== 204) throw new Error(`share group not made: ${made.status} ${await made.text()}`);
  for (const other of pagedGroups) {
    const res = await api(`/share-groups/${other}/offsets`, 'POST', [{ topic, partition: 0, offset: 0 }]);
    if (res.status !== 204) throw new Error(`share group not made: ${res.status} ${await res.text()}`);
  }
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  for (const g of [group, ...pagedGroups]) await api(`/share-groups/${g}`, 'DELETE').catch(() => undefined);
  await app?.close();
  await kafka.cleanup();
});

async function setTheme(theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, theme);
}

/** axe in both themes at both widths, each saved as a screenshot. */
async function checkEverywhere(name: string): Promise<void> {
  const found: string[] = [];
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(theme);
      for (const line of await seriousViolations(page)) found.push(`${name} ${width} [${theme}] ${line}`);
      await screenshot(page, `ops-${name}-${width}-${theme}`);
    }
  }
  await setTheme('light');
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(found).toEqual([]);
}

describe('share groups', () => {
  it('are listed beside consumer groups with their own badge, and open to their offsets', async () => {
    await page.goto(`${app.url}/ui/local/group`);
    await page
      .getByRole('navigation', { name: 'Group types' })
      .getByRole('link', { name: 'Share groups' })
      .click();
    await page.getByLabel('Search share groups').fill(group);
    await page.getByLabel('Search share groups').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(group);
    const list = page.getByRole('table', { name: 'Share groups' });
    const row = list.getByRole('row').filter({ hasText: group });
    await row.first().waitFor();
    // 27 groups match: the server answers 25 and says there are 2 pages; the second holds the last 2.
    await page.getByText('of 2', { exact: true }).waitFor();
    expect(await row.count()).toBe(25);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => row.count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await checkEverywhere('share-group-list-page-2');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => row.count()).toBe(25);
    const own = list.getByRole('row').filter({ has: page.getByRole('link', { name: group, exact: true }) });
    expect(await own.textContent()).toContain('SHARE');
    expect(await own.textContent()).toContain('EMPTY');
    await checkEverywhere('share-group-list');

    await own.getByRole('link', { name: group, exact: true }).click();
    const offsets = page.getByRole('table', { name: 'Start offsets' });
    await offsets.getByRole('row').filter({ hasText: topic }).first().waitFor();
    const rows = await offsets.getByRole('row').filter({ hasText: topic }).allTextContents();
    // partition, start offset, lag: 0 starts at 1 of 2 records, 1 at 0 of 1
    expect(rows.map((r) => r.replace(topic, '').trim())).toEqual(['011', '101']);
    await checkEverywhere('share-group');
  });

  it('resets start offsets to latest after a confirmation, and deletes the group', async () => {
    await page.getByRole('button', { name: 'Reset to latest' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
    await expectToast(page, `Start offsets of '${group}' updated`);
    const detail = (await (await api(`/share-groups/${group}`)).json()) as {
      offsets: { startOffset: number }[];
    };
    expect(detail.offsets.map((o) => o.startOffset)).toEqual([2, 1]);

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, `Share group '${group}' is deleted`);
    expect((await api(`/share-groups/${group}`)).status).toBe(404);
  });
});

describe('reassignments', () => {
  it('shows the moves in progress, checks the form, and starts a move', async () => {
    await page.goto(`${app.url}/ui/local/reassignments`);
    await page.getByRole('table', { name: 'Ongoing reassignments' }).waitFor();
    await page.getByLabel('Topic', { exact: true }).fill(topic);
    await page.getByLabel('New replicas (broker ids, leader first)').fill('1, x');
    await page.getByRole('button', { name: 'Move partition' }).click();
    await page.getByRole('alert').filter({ hasText: 'broker ids, comma-separated' }).waitFor();
    await checkEverywhere('reassignments');

    // The single broker of the stack: moving onto the replicas it has is a move Kafka accepts and ends at once.
    await page.getByLabel('New replicas (broker ids, leader first)').fill('1');
    await page.getByRole('button', { name: 'Move partition' }).click();
    await expectToast(page, 'Reassignment started');
  });
});
