import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tailStats } from '../../../packages/server/src/kafka/records/tail.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany } from '../../support/records.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const prefix = `e2e-tail-${randomUUID().slice(0, 8)}`;
const [orders, payments] = [`${prefix}-orders`, `${prefix}-payments`];

const rows = () => page.getByRole('table', { name: 'Live tail records' }).getByRole('row');
/** Record rows: not the header, not the empty table's 'Waiting for new records…' row. */
const dataRows = async () =>
  Math.max(0, (await rows().filter({ hasNotText: 'Waiting for new records…' }).count()) - 1);
const status = (text: string) => page.locator('.tail-controls .badge', { hasText: text });

const produce = (topic: string, values: string[]) =>
  produceMany(topic, values.length, (i) => ({ partition: 0, key: `k-${values[i]}`, value: values[i] ?? '' }));

beforeAll(async () => {
  await kafka.createTopic(1, { name: orders });
  await kafka.createTopic(1, { name: payments });
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

/** Runs `action` and waits until the tail it starts has its positions: records produced from then on show. */
async function startingTail(action: () => Promise<void>) {
  const before = tailStats.started;
  await action();
  await expect.poll(() => tailStats.started, { timeout: 10_000 }).toBeGreaterThan(before);
}

describe('live tail', () => {
  it('tails two topics: rows arrive, pause holds them back, resume brings them, clear empties', async () => {
    await page.goto(`${app.url}/ui/local/tail`);
    await expect.poll(() => status('STOPPED').count()).toBe(1);
    await page.getByRole('button', { name: 'Topics' }).click();
    await page.getByRole('searchbox', { name: 'Search topics to tail' }).fill(prefix);
    await page.getByRole('button', { name: 'Select All', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: '2 topics' }).count()).toBe(1);
    await startingTail(() => page.getByRole('button', { name: 'Search', exact: true }).click());
    await expect.poll(() => status('STARTED').count()).toBe(1);

    await produce(orders, ['o1', 'o2']);
    await produce(payments, ['p1']);
    await expect.poll(dataRows, { timeout: 10_000 }).toBe(3);
    const text = (await page.getByRole('table', { name: 'Live tail records' }).textContent()) ?? '';
    expect(text).toContain(orders);
    expect(text).toContain(payments);
    expect(text).toContain('k-p1');
    await screenshot(page, 'tail-started');

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => status('PAUSED').count()).toBe(1);
    await produce(orders, ['o3']);
    await page.waitForTimeout(1_000);
    expect(await dataRows()).toBe(3);

    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => status('STARTED').count()).toBe(1);
    // Resumed from the last offsets: the record produced while paused comes, nothing twice.
    await expect.poll(dataRows, { timeout: 10_000 }).toBe(4);
    await screenshot(page, 'tail-resumed');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.getByText('Waiting for new records…').count()).toBe(1);
    await expect.poll(() => rows().filter({ hasText: prefix }).count()).toBe(0);
  });

  it('filters by the search text and starts at once for ?topicId=', async () => {
    await startingTail(async () => {
      await page.goto(`${app.url}/ui/local/tail?topicId=${encodeURIComponent(orders)}`);
    });
    await expect.poll(() => status('STARTED').count()).toBe(1);
    await produce(orders, ['wanted-1']);
    await expect.poll(dataRows, { timeout: 10_000 }).toBe(1);

    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('needle');
    await expect.poll(() => status('STOPPED').count()).toBe(1);
    await startingTail(() => page.getByRole('button', { name: 'Search', exact: true }).click());
    await expect.poll(() => status('STARTED').count()).toBe(1);
    await produce(orders, ['hay', 'a needle', 'more hay']);
    await expect.poll(dataRows, { timeout: 10_000 }).toBe(1);
    expect(await rows().nth(1).textContent()).toContain('a needle');
    await screenshot(page, 'tail-search');
  });
});
