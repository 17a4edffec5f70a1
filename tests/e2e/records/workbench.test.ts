import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { seriousViolations } from '../../support/axe.ts';
import { expectToast, launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, waitForTopic } from '../../support/records.ts';

// The record viewer, produce and copy topic, with their layouts and keyboard use, each at 1440 and
// 1024 px, light and dark, held to axe-core.
let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const prefix = `e2e-workbench-${randomUUID().slice(0, 8)}`;
const source = `${prefix}-orders`;
const produced = `${prefix}-produced`;
const LONG_KEY = 'customer-account-000123';
const BINARY = Buffer.from([0xff, 0x00, 0x10, 0x80]);
const WIDTHS = [1440, 1024] as const;

type Shown = { key?: string; value?: string; valueBase64?: boolean };
const api = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${app.url}/api/local${path}`, init);
  return { status: response.status, body: (await response.json()) as unknown };
};
const records = () => page.getByRole('table', { name: 'Records' });
const rows = () => records().locator('tbody tr:not(.data-table__sub-row):not(.data-table__state-row)');
const row = (key: string) => rows().filter({ hasText: key });

beforeAll(async () => {
  await kafka.createTopic(2, { name: source, configs: { 'max.message.bytes': '2000000' } });
  await kafka.createTopic(1, { name: produced });
  await waitForTopic(kafka.admin, source, 2);
  await waitForTopic(kafka.admin, produced, 1);
  const base = Date.UTC(2024, 0, 1);
  await produceMany(
    source,
    3,
    (i) =>
      [
        { partition: 0, key: LONG_KEY, value: '{"id":1,"status":"FAILED"}', timestamp: base },
        { partition: 0, key: 'order-2', value: '{"id":2,"status":"OK"}', timestamp: base + 1000 },
        { partition: 1, key: 'bin-1', value: BINARY, timestamp: base + 2000 },
      ][i] ?? { partition: 0, value: '' },
  );
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

async function setTheme(theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, theme);
}

/** axe in both themes, each saved as a screenshot named by width and theme. */
async function checkScreen(name: string): Promise<void> {
  const found: string[] = [];
  const width = page.viewportSize()?.width;
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(theme);
    await page.waitForTimeout(100);
    for (const line of await seriousViolations(page)) found.push(`[${theme}] ${line}`);
    await screenshot(page, `${name}-${width}-${theme}`);
  }
  await setTheme('light');
  expect(found).toEqual([]);
}

/** Nothing on the screen reaches past the right edge of the window. */
async function expectNothingOffScreen(): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('record viewer', () => {
  for (const width of WIDTHS) {
    it(`switches keys and values between text, JSON, hex and base64, marks binary values, at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${app.url}/ui/local/topic/${source}/data`);
      await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(3);
      await page.getByText('3 shown of 3 scanned').waitFor();

      // The binary value says so; the others do not.
      expect(await row('bin-1').getByText('binary', { exact: true }).count()).toBe(1);
      expect(await row('order-2').getByText('binary', { exact: true }).count()).toBe(0);

      const values = page.getByRole('combobox', { name: 'Values as' });
      await values.selectOption('hex');
      await row('bin-1').getByText('ff 00 10 80').waitFor();
      await values.selectOption('base64');
      await row('bin-1').getByText('/wAQgA==').waitFor();
      await row('order-2').getByText('eyJpZCI6Miwic3RhdHVzIjoiT0sifQ==').waitFor();
      await values.selectOption('json');
      expect(await row('order-2').locator('.record-value__text').textContent()).toContain('"status": "OK"');
      await page.getByRole('combobox', { name: 'Keys as' }).selectOption('hex');
      await row('6f 72 64 65 72 2d 32').waitFor();
      await page.getByRole('combobox', { name: 'Keys as' }).selectOption('text');
      await values.selectOption('text');

      // A key is never broken inside a word: the long key's text stands on one line.
      const lines = await row(LONG_KEY)
        .locator('code.record-key')
        .evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
        });
      // At 1440 px it stands on one line; below 1280 px it may wrap at its hyphens, never inside a word.
      if (width === 1440) expect(lines).toBe(1);
      else expect(lines).toBeLessThanOrEqual(3);
      // The row actions stay on screen.
      const share = row('order-2').getByRole('button', { name: 'Share record 0-1' });
      const shareShown = await share.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && (el === hit || el.contains(hit));
      });
      expect(shareShown).toBe(true);
      await expectNothingOffScreen();
      await checkScreen('workbench-viewer');
    });
  }

  it('marks the search matches and says how many records the search scanned', async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${app.url}/ui/local/topic/${source}/data?searchByValue=failed_C`);
      await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(1);
      await page.getByText('1 shown of 3 scanned').waitFor();
      expect(await records().locator('mark').allTextContents()).toEqual(['FAILED']);
      // Each search box keeps at least 120 px and stays on screen.
      for (const box of await page.getByRole('searchbox').all()) {
        const bounds = await box.boundingBox();
        expect(bounds?.width).toBeGreaterThanOrEqual(120);
        expect((bounds?.x ?? 0) + (bounds?.width ?? 0)).toBeLessThanOrEqual(width);
      }
      await expectNothingOffScreen();
      await checkScreen('workbench-search');
    }
  });
});

describe('produce', () => {
  const open = async (width: number) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${app.url}/ui/local/topic/${produced}/produce`);
    await page.getByRole('heading', { name: `Produce to ${produced}` }).waitFor();
  };
  const editor = () => page.getByRole('textbox', { name: 'Value', exact: true });

  it('formats and validates JSON, produces N copies with a {{i}} counter, and refuses past the cap', async () => {
    await open(1440);
    await page.getByRole('combobox', { name: 'Value type' }).selectOption('json');
    await editor().fill('{"n":"{{i}}",  "tag":"copy"}');
    await page.getByRole('button', { name: 'Format JSON' }).click();
    await expect
      .poll(() => editor().textContent(), { timeout: 15_000 })
      .toBe('{  "n": "{{i}}",  "tag": "copy"}');
    expect(await editor().locator('.cm-line').count()).toBe(4);
    await page.getByRole('button', { name: 'Validate JSON' }).click();
    await page.getByRole('status').filter({ hasText: 'Valid JSON' }).waitFor();

    await page.getByRole('textbox', { name: 'Copies' }).fill('1001');
    await page.getByText('Copies must be between 1 and 1000').waitFor();
    expect(await page.getByRole('button', { name: 'Produce', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Copies' }).fill('3');
    await page.getByRole('textbox', { name: 'Key', exact: true }).fill('copy-{{i}}');
    await checkScreen('workbench-produce');
    await page.getByRole('button', { name: 'Produce', exact: true }).click();
    await expectToast(page, `Produced 3 records to ${produced}.`);

    const page1 = (await api(`/topic/${produced}/data`)).body as { results: Shown[] };
    expect(page1.results.map((r) => [r.key, JSON.parse(r.value ?? 'null')])).toEqual([
      ['copy-1', { n: '1', tag: 'copy' }],
      ['copy-2', { n: '2', tag: 'copy' }],
      ['copy-3', { n: '3', tag: 'copy' }],
    ]);
  });

  it('produces the records of a file, one per JSON array item', async () => {
    await open(1024);
    await page.getByRole('textbox', { name: 'Key', exact: true }).fill('file-{{i}}');
    await page.getByLabel('From a file').setInputFiles({
      name: 'records.json',
      mimeType: 'application/json',
      buffer: Buffer.from('[{"from":"file"}, "plain line"]'),
    });
    await page.getByText('2 records read from records.json.').waitFor();
    await checkScreen('workbench-produce-file');
    await page.getByRole('button', { name: 'Produce', exact: true }).click();
    await expectToast(page, `Produced 2 records to ${produced}.`);
    const all = (await api(`/topic/${produced}/data`)).body as { results: Shown[] };
    expect(all.results.slice(3).map((r) => [r.key, r.value])).toEqual([
      ['file-1', '{"from":"file"}'],
      ['file-2', 'plain line'],
    ]);
  });

  it('reaches Produce from Value in one Tab, and opens the calendar only on Alt+Down, one tab stop', async () => {
    await open(1440);
    await page.getByRole('textbox', { name: 'Timestamp', exact: true }).click();
    expect(await page.getByRole('dialog', { name: 'Timestamp calendar' }).count()).toBe(0);
    await page.keyboard.press('Alt+ArrowDown');
    await page.getByRole('dialog', { name: 'Timestamp calendar' }).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    const day = await focused();
    expect(day).toMatch(/^\w+day, /);
    await page.keyboard.press('ArrowRight');
    await expect.poll(focused, { timeout: 15_000 }).not.toBe(day);
    expect(await focused()).toMatch(/^\w+day, /);
    // The grid is one tab stop: Tab leaves it for the time.
    await page.keyboard.press('Tab');
    expect(await focused()).not.toMatch(/^\w+day, /);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog', { name: 'Timestamp calendar' }).count()).toBe(0);

    await page.getByRole('textbox', { name: 'Value', exact: true }).click();
    await page.keyboard.type('hello');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Produce');
  });
});

describe('copy topic', () => {
  it('creates the target inline with the source partitions and configs; internal topics are no target', async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${app.url}/ui/local/topic/${source}/copy`);
      await page.getByRole('heading', { name: `Copy topic ${source} from cluster local` }).waitFor();
      const targets = page.getByRole('combobox', { name: 'Target topic' });
      await expect.poll(() => targets.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
      const offered = await targets.locator('option').allTextContents();
      expect(offered).toContain(produced);
      expect(offered.filter((name) => name.startsWith('_'))).toEqual([]);
      await page.getByRole('radio', { name: 'A new topic' }).check();
      expect(await page.getByRole('textbox', { name: 'Partitions' }).inputValue()).toBe('2');
      await page.getByText('Same configs as the source:').waitFor();
      expect(await page.getByText('Same configs as the source:').textContent()).toContain(
        'max.message.bytes',
      );
      await checkScreen('workbench-copy');
    }
    const target = `${prefix}-made-by-copy`;
    kafka.track(target);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(target);
    await page.getByRole('button', { name: 'Create and copy' }).click();
    await expectToast(page, `Topic '${target}' created`);
    await expectToast(page, `Copied 3 records to topic '${target}' successfully.`);

    const made = (await api(`/topic/${target}/partitions`)).body as unknown[];
    expect(made).toHaveLength(2);
    const configs = (await api(`/topic/${target}/configs`)).body as { name: string; value?: string }[];
    expect(configs.find((c) => c.name === 'max.message.bytes')?.value).toBe('2000000');
    const copied = (await api(`/topic/${target}/data`)).body as { results: Shown[] };
    expect(copied.results.find((r) => r.key === 'bin-1')).toMatchObject({
      value: BINARY.toString('base64'),
      valueBase64: true,
    });
  });
});
