import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tailStats } from '../../../packages/server/src/domain/records/tail.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { seriousViolations } from '../../support/axe.ts';
import { launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany } from '../../support/records.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const prefix = `e2e-tail-${randomUUID().slice(0, 8)}`;
const [orders, payments] = [`${prefix}-orders`, `${prefix}-payments`];
/** Outside `prefix`, which the first test selects all of. */
const mixed = `e2e-tail-formats-${randomUUID().slice(0, 8)}`;

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
  await kafka.createTopic(1, { name: mixed });
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
    // The screen's code loads on its first visit (packages/web/src/routes/screens.ts).
    await expect.poll(() => status('STOPPED').count(), { timeout: 10_000 }).toBe(1);
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

  it("shows each record's format, as the Data tab does", async () => {
    await startingTail(async () => {
      await page.goto(`${app.url}/ui/local/tail?topicId=${encodeURIComponent(mixed)}`);
    });
    await expect.poll(() => status('STARTED').count()).toBe(1);
    const values = ['{"status":"PAID","amount":12}', 'plain words', Buffer.from([0xff, 0x00, 0xfe])];
    await produceMany(mixed, values.length, (i) => ({
      partition: 0,
      key: `k${i}`,
      value: values[i] ?? null,
    }));
    await expect.poll(dataRows, { timeout: 10_000 }).toBe(3);
    // The key is text, so only the value's format is named (sorted: the rows' order is the tail's).
    const formats = await page
      .getByRole('table', { name: 'Live tail records' })
      .locator('tbody tr:not(.data-table__sub-row):not(.data-table__state-row)')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          Array.from(tr.querySelectorAll('.badge'))
            .map((b) => `${b.textContent} (${b.getAttribute('title')})`)
            .join(' '),
        ),
      );
    expect([...formats].sort()).toEqual([
      'JSON (Value read as JSON)',
      'Text (Value read as Text)',
      'binary (Not valid UTF-8: the bytes are shown as base64) Binary (Value read as Binary)',
    ]);
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((t) => {
          document.documentElement.dataset.theme = t;
        }, theme);
        await page.waitForTimeout(150);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `tail-formats-${width}-${theme}`);
      }
    }
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
