import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessControl, Quota } from '../../../packages/contract/src/index.ts';
import { type RunningApp, request, startApp } from '../../support/app.ts';
import { seriousViolations } from '../../support/axe.ts';
import { expectToast, launchBrowser, screenshot } from '../../support/browser.ts';
import { installConfluentClient, openTransactionAndDie } from '../../support/confluent-client.ts';
import { initTransactionalIds } from '../../support/hanging-transaction.ts';
import { bootstrap, testKafka } from '../../support/kafka.ts';

// The ACL templates, quotas and transactions screens, driven in Chromium at
// 1440 and 1024 px, light and dark, each held to axe-core.
let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const tag = randomUUID().slice(0, 8);
const principal = `User:e2e-ops-${tag}`;
const quotaUser = `e2e-ops-${tag}`;
const transactionalId = `e2e-ops-txn-${tag}`;
/** 27 more ids sharing the open transaction's prefix: its search spans two pages of 25. */
const pagedIds = Array.from({ length: 27 }, (_, i) => `${transactionalId}-${String(i).padStart(2, '0')}`);
let topic: string;

const api = async <T>(path: string, method = 'GET', body?: unknown): Promise<T> =>
  (await request(`${app.url}/api/local${path}`, { method, body })).body;

beforeAll(async () => {
  await installConfluentClient();
  topic = await kafka.createTopic(1);
  await openTransactionAndDie(bootstrap(), topic, transactionalId, 2);
  await initTransactionalIds(bootstrap(), pagedIds);
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 120_000);
afterAll(async () => {
  await api(`/acls?principal=${encodeURIComponent(principal)}`, 'DELETE').catch(() => undefined);
  await api('/quotas', 'POST', {
    entity: [{ type: 'user', name: quotaUser }],
    quotas: { producer_byte_rate: null, request_percentage: null },
  }).catch(() => undefined);
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

async function settle(): Promise<void> {
  await page.locator('main').first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"], .spinner').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(150);
}

/** axe in both themes, a screenshot of each at the current width. */
async function check(shot: string): Promise<void> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    await page.waitForTimeout(150);
    found.push(...(await seriousViolations(page)).map((line) => `[${theme}] ${line}`));
    await screenshot(page, `${shot}-${page.viewportSize()?.width}-${theme}`);
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  expect(found, shot).toEqual([]);
}

describe('operations screens', () => {
  it('creates the bindings of the consumer template, shown first, then deletes one', async () => {
    await page.goto(`${app.url}/ui/local/acls`);
    await page.getByRole('link', { name: 'Create ACLs' }).click();
    await page.getByLabel('Template').selectOption({ label: 'Consumer for topic(s) and group' });
    await page.getByLabel('Principal').fill(principal);
    await page.getByLabel('Topics').fill(`orders-${tag}, payments-${tag}`);
    await page.getByLabel('Consumer group').fill(`billing-${tag}`);
    const preview = page.getByRole('table', { name: 'Bindings to create' });
    await expect.poll(() => preview.getByRole('row').count()).toBe(6);
    await check('ops-acl-create');
    await page.getByRole('button', { name: 'Create 5 bindings' }).click();
    await expectToast(page, '5 ACL bindings created');
    await page
      .getByRole('table', { name: 'Topics' })
      .getByRole('row')
      .filter({ hasText: `payments-${tag}` })
      .first()
      .waitFor();
    const readRow = page
      .getByRole('row')
      .filter({ hasText: `orders-${tag}` })
      .filter({ hasText: 'DESCRIBE' });
    await readRow.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').waitFor();
    await check('ops-acl-delete-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, '1 ACL binding deleted');
    const left = await api<AccessControl>(`/acls/${Buffer.from(principal).toString('base64')}`);
    expect(left.acls?.map((a) => `${a.resource.name}:${a.operation.operation}`).sort()).toEqual([
      `billing-${tag}:READ`,
      `orders-${tag}:READ`,
      `payments-${tag}:DESCRIBE`,
      `payments-${tag}:READ`,
    ]);
  });

  it('sets a user quota from the form, lists it, then removes it after confirmation', async () => {
    await page.goto(`${app.url}/ui/local/quotas`);
    await settle();
    await page.getByLabel('User', { exact: true }).fill(quotaUser);
    await page.getByLabel('Produce (bytes/s)').fill('1048576');
    await page.getByRole('button', { name: 'Set quotas' }).click();
    await expectToast(page, 'Quotas saved');
    await page.getByLabel('Search entities').fill(tag);
    const row = page.getByRole('row').filter({ hasText: `User ${quotaUser}` });
    await expect.poll(() => row.textContent()).toContain('1,048,576');
    await check('ops-quotas');
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Quotas saved');
    await expect.poll(() => api<Quota[]>(`/quotas?search=${tag}`)).toEqual([]);
  });

  it('lists the open transaction, finds it on its topic and aborts it', async () => {
    await page.goto(`${app.url}/ui/local/transactions`);
    await settle();
    await page.getByLabel('Search transactional ids').fill(transactionalId);
    await page.getByLabel('Search transactional ids').press('Enter');
    const list = page.getByRole('table', { name: 'Transactions' });
    // 28 ids match: the server answers 25 and says there are 2 pages; the second holds the last 3.
    await page.getByText('of 2', { exact: true }).waitFor();
    await expect.poll(() => list.getByRole('row').filter({ hasText: transactionalId }).count()).toBe(25);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => list.getByRole('row').filter({ hasText: transactionalId }).count()).toBe(3);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await settle();
    await check('ops-transactions-page-2');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await list.getByRole('row').filter({ hasText: transactionalId }).filter({ hasText: 'Ongoing' }).waitFor();
    await page.getByLabel('Topic', { exact: true }).fill(topic);
    await page.getByRole('button', { name: 'Find' }).click();
    const open = page.getByRole('table', { name: 'Open transactions' });
    await open.getByRole('row').filter({ hasText: transactionalId }).waitFor();
    await settle();
    await check('ops-transactions');
    await open.getByRole('button', { name: /^Abort the transaction of producer/ }).click();
    await page.getByRole('dialog').waitFor();
    await check('ops-transaction-abort-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Abort' }).click();
    await expectToast(page, 'aborted');
    await open.getByText(`No transaction is open on ${topic}.`).waitFor();
  });

  it('keeps the three screens axe-clean at 1024 px, light and dark', async () => {
    await page.setViewportSize({ width: 1024, height: 800 });
    for (const [path, shot] of [
      ['/acls/create', 'ops-acl-create'],
      ['/quotas', 'ops-quotas'],
      ['/transactions', 'ops-transactions'],
    ] as const) {
      await page.goto(`${app.url}/ui/local${path}`);
      await settle();
      await check(shot);
    }
  });
});
