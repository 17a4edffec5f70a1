import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { expectToast, launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, waitForTopic } from '../../support/records.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const subjects: string[] = [];
const registry = () => {
  const url = process.env.SCHEMA_REGISTRY_URL;
  if (!url) throw new Error('SCHEMA_REGISTRY_URL is not set');
  return url;
};
const prefix = `e2e-records-${randomUUID().slice(0, 8)}`;
const source = `${prefix}-orders`;
const target = `${prefix}-copy`;
const compacted = `${prefix}-compacted`;
// Big enough that a search over it takes a while on the test machine: there is time to stop it.
const big = `${prefix}-big`;
// Partition 0 holds 60 JSON orders (more than one page of 50); partition 1 five 'needle' records.
const base = Date.UTC(2024, 0, 1, 12, 0, 0);

const records = () => page.getByRole('table', { name: 'Records' });
const rows = () => records().locator('tbody tr:not(.data-table__sub-row):not(.data-table__state-row)');
/** The first page of a fresh tab loads its screen chunk too: allow more than the poll default. */
const expectRows = (count: number) => expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(count);
const dataUrl = (topic: string, query = '') => `${app.url}/ui/local/topic/${topic}/data${query}`;
const cellTexts = (column: number) =>
  rows().evaluateAll(
    (trs, index) => trs.map((tr) => tr.querySelectorAll('td')[index]?.textContent ?? ''),
    column,
  );
// Columns: select, expand, Key, Value, Date, Partition, Offset, Headers, Schema, actions.
const OFFSET = 6;
const PARTITION = 5;

beforeAll(async () => {
  await kafka.createTopic(2, { name: source });
  await kafka.createTopic(2, { name: target });
  await kafka.createTopic(1, { name: compacted, configs: { 'cleanup.policy': 'compact' } });
  await waitForTopic(kafka.admin, source, 2);
  await waitForTopic(kafka.admin, target, 2);
  await waitForTopic(kafka.admin, compacted, 1);
  await produceMany(source, 60, (i) => ({
    partition: 0,
    key: `order-${i}`,
    value: JSON.stringify({ id: i, item: 'book', price: 10 + i }),
    headers: { source: 'e2e', index: String(i) },
    timestamp: base + i * 1000,
  }));
  await produceMany(source, 5, (i) => ({
    partition: 1,
    key: `needle-${i}`,
    value: `a needle in the haystack ${i}`,
    timestamp: base + 100_000 + i * 1000,
  }));
  await produceMany(compacted, 2, (i) => ({ partition: 0, key: `user-${i}`, value: `profile ${i}` }));
  await kafka.createTopic(3, { name: big });
  await waitForTopic(kafka.admin, big, 3);
  const filler = 'x'.repeat(300);
  await produceMany(big, 300_000, (i) => ({ partition: i % 3, value: `{"i":${i},"f":"${filler}"}` }), {
    batch: 6000,
  });
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1500, height: 900 }, acceptDownloads: true });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
  for (const subject of subjects) {
    const path = `${registry()}/subjects/${encodeURIComponent(subject)}`;
    await fetch(path, { method: 'DELETE' });
    await fetch(`${path}?permanent=true`, { method: 'DELETE' });
  }
});

describe('browsing records', () => {
  it('shows a page of records with every column, headers and the value as JSON', async () => {
    await page.goto(dataUrl(source));
    await expectRows(50);
    const first = rows().first();
    expect(await first.textContent()).toContain('order-0');
    expect(await first.textContent()).toContain('{"id":0,"item":"book","price":10}');
    await first.getByRole('button', { name: '2', exact: true }).click();
    await first.getByText('e2e').waitFor();
    await first.getByRole('button', { name: /^Expand record / }).click();
    const viewer = page.getByRole('region', { name: 'Value of 0-0' });
    expect(await viewer.textContent()).toBe('{\n  "id": 0,\n  "item": "book",\n  "price": 10\n}');
    await page.getByRole('combobox', { name: 'Time format' }).selectOption('ISO');
    await first.getByText('2024-01-01 12:00:00.000').waitFor();
    await screenshot(page, 'records-browse');
  });

  it('pages by cursor with no gap or repeat, and back restores the page', async () => {
    await page.goto(dataUrl(source, '?partition=0'));
    await expectRows(50);
    const firstPage = await cellTexts(OFFSET);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/after=0-49/);
    await expectRows(10);
    const secondPage = await cellTexts(OFFSET);
    expect([...firstPage, ...secondPage].map(Number)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    // The last record is on screen: no Next page leading to an empty one.
    const next = page.getByRole('button', { name: 'Next page' });
    await expect.poll(() => next.isDisabled(), { timeout: 15_000 }).toBe(true);
    await page.goBack();
    await expectRows(50);
  });

  it('filters by partition, sort and start offset, all in the address', async () => {
    await page.goto(dataUrl(source));
    await expectRows(50);
    await page.getByRole('combobox', { name: 'Partition' }).selectOption('1');
    await page.waitForURL(/partition=1/);
    await expectRows(5);
    expect(new Set(await cellTexts(PARTITION))).toEqual(new Set(['1']));

    await page.getByRole('combobox', { name: 'Sort' }).selectOption('NEWEST');
    await page.waitForURL(/sort=NEWEST/);
    await expect.poll(() => cellTexts(OFFSET)).toEqual(['4', '3', '2', '1', '0']);

    await page.getByRole('button', { name: 'Offsets' }).click();
    await page.getByRole('textbox', { name: 'Offset of partition 1' }).fill('2');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/offsets=1-2/);
    await expect.poll(() => cellTexts(OFFSET)).toEqual(['2', '1', '0']);
    await page.getByRole('button', { name: 'Offsets' }).click();
    expect(await page.getByRole('textbox', { name: 'Offset of partition 1' }).inputValue()).toBe('2');
    await screenshot(page, 'records-filtered');
  });
});

describe('searching records', () => {
  it('streams the matches with progress to 100.00% and keeps the filter in the address', async () => {
    await page.goto(dataUrl(source));
    await expectRows(50);
    await page.getByRole('searchbox', { name: 'Value', exact: true }).fill('needle');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/searchByValue=needle_C/);
    const progress = page.getByRole('progressbar', { name: 'Search progress' });
    await expect.poll(() => progress.getAttribute('aria-valuetext')).toBe('100.00%');
    await expectRows(5);
    expect(await page.getByText('5 found').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Stop' }).isDisabled()).toBe(true);
    await screenshot(page, 'records-search');

    // Not Contains on the key, with the selector; then Clear empties every filter.
    await page.getByRole('searchbox', { name: 'Value', exact: true }).fill('');
    await page.getByRole('searchbox', { name: 'Key', exact: true }).fill('order needle');
    await page.getByRole('combobox', { name: 'Key match', exact: true }).selectOption('N');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('searchByKey') === 'order needle_N');
    await expect.poll(() => progress.getAttribute('aria-valuetext')).toBe('100.00%');
    await expectRows(0);
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL((url) => url.search === '');
    await expectRows(50);
    expect(await page.getByRole('searchbox', { name: 'Key', exact: true }).inputValue()).toBe('');
  });

  it('finds a JSON fragment with quotes written as \\" (the help under the fields says how)', async () => {
    await page.goto(dataUrl(source));
    await expectRows(50);
    expect(await page.getByText('for a literal quote').count()).toBe(1);
    // `"id":1,` is in order 1's value only ({"id":10,... does not hold it).
    await page.getByRole('searchbox', { name: 'Value', exact: true }).fill('\\"id\\":1,');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const progress = page.getByRole('progressbar', { name: 'Search progress' });
    await expect.poll(() => progress.getAttribute('aria-valuetext'), { timeout: 15_000 }).toBe('100.00%');
    await expectRows(1);
    expect(await cellTexts(OFFSET)).toEqual(['1']);
    await screenshot(page, 'records-search-quotes');
  });

  it('stops a running search: the stream ends where it got to', async () => {
    // A filter every value is parsed for (no text prefilter rules out `value.i + 1 < 0`): seconds over
    // 300,000 records, so the search is still running when Stop is clicked (a plain text search could end
    // first on a loaded machine). Stop once progress came: its answer carries the cursor reached.
    await page.goto(dataUrl(big, `?filter=${encodeURIComponent('value.i + 1 < 0')}`));
    const progress = page.getByRole('progressbar', { name: 'Search progress' });
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const stop = page.getByRole('button', { name: 'Stop' });
    await stop.click();
    await page.getByText('Stopped.').waitFor();
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100);
    expect(await stop.isDisabled()).toBe(true);
    // Stopped midway, the next page goes on from the cursor it reached.
    expect(await page.getByRole('button', { name: 'Next page' }).isEnabled()).toBe(true);
    await screenshot(page, 'records-search-stopped');
  });

  it('says so when the search request fails', async () => {
    await page.goto(dataUrl(source, '?partition=9&searchByValue=needle_C'));
    const status = page.locator('.search-progress__text');
    await expect
      .poll(() => status.textContent(), { timeout: 15_000 })
      .toContain(`Failed: Partition '9' doesn't exist`);
    expect(await page.getByRole('button', { name: 'Stop' }).isDisabled()).toBe(true);
    await screenshot(page, 'records-search-failed');
  });
});

describe('single records', () => {
  it('shares a record: the link opens that record alone, with its download', async () => {
    await page.goto(dataUrl(source, '?partition=1'));
    await expectRows(5);
    await rows().nth(3).getByRole('button', { name: 'Share' }).click();
    await expectToast(page, 'Message url is copied to your clipboard!');
    await page.waitForURL((url) => url.searchParams.get('single') === 'true');
    const url = new URL(page.url());
    expect([url.searchParams.get('partition'), url.searchParams.get('offset')]).toEqual(['1', '3']);
    await rows().first().getByText('needle-3').waitFor();
    expect(await rows().count()).toBe(1);
    // The copied link itself, loaded afresh, shows that record alone.
    await page.context().grantPermissions(['clipboard-read'], { origin: app.url });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).searchParams.get('single')).toBe('true');
    await page.goto('about:blank');
    await page.goto(copied);
    await rows().first().getByText('needle-3').waitFor();
    expect(await rows().count()).toBe(1);
    const download = page.waitForEvent('download');
    await rows().first().getByRole('button', { name: 'Download' }).click();
    const file = await (await download).path();
    expect(readFileSync(file, 'utf8')).toBe('a needle in the haystack 3');
    await screenshot(page, 'records-single');
  });

  it('downloads the query result as JSON and selected rows as CSV', async () => {
    await page.goto(dataUrl(source, '?partition=1'));
    await expectRows(5);
    await page.getByRole('button', { name: 'Download query result' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('can be slow and use much memory').waitFor();
    await screenshot(page, 'records-download-dialog');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const exported = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as { key: string }[];
    expect(exported.map((r) => r.key)).toEqual([0, 1, 2, 3, 4].map((i) => `needle-${i}`));

    await page.goto(dataUrl(source, '?partition=1&offsets=1-3'));
    await expectRows(2);
    await page.getByRole('button', { name: 'Download query result' }).click();
    const fromOffset = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const fromThree = JSON.parse(readFileSync(await (await fromOffset).path(), 'utf8')) as { key: string }[];
    expect(fromThree.map((r) => r.key)).toEqual(['needle-3', 'needle-4']);
    await page.goto(dataUrl(source, '?partition=1'));
    await expectRows(5);

    await rows().nth(0).getByRole('checkbox', { name: 'Select row' }).check();
    await rows().nth(1).getByRole('checkbox', { name: 'Select row' }).check();
    await page.getByRole('combobox', { name: 'Download Format' }).selectOption('json');
    await page.getByRole('button', { name: 'Download selected' }).click();
    await expectToast(page, 'Unable to export data in JSON. Please use CSV instead');
    await page.getByRole('combobox', { name: 'Download Format' }).selectOption('csv');
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download selected' }).click();
    const lines = readFileSync(await (await csv).path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('needle-0');
  });

  it('deletes a record of a compacted topic with a tombstone', async () => {
    await page.goto(dataUrl(compacted));
    await expectRows(2);
    await rows().nth(1).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('user-1').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expectToast(page, "Record '0-1' will be deleted on compaction");
    await expectRows(3);
    expect(await rows().nth(2).textContent()).toContain('user-1');
    // A topic that is not compacted offers no row delete.
    await page.goto(dataUrl(source, '?partition=1'));
    await expectRows(5);
    expect(await rows().first().getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });
});

describe('producing and copying', () => {
  it('refuses a bad multi-message form naming the field, then produces a record with headers', async () => {
    await page.goto(`${app.url}/ui/local/topic/${source}/data`);
    await page.getByRole('link', { name: 'Produce to topic' }).click();
    await page.waitForURL(/\/produce$/);
    await page.getByRole('heading', { name: `Produce to ${source}` }).waitFor();

    await page.getByRole('checkbox', { name: 'Multi message' }).check();
    expect(await page.getByRole('checkbox', { name: 'Tombstone (null value)' }).isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Key', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill('k1:v1\nno separator');
    await page.getByText("Line 2 has no separator ':'").waitFor();
    expect(await page.getByRole('button', { name: 'Produce' }).isDisabled()).toBe(true);
    await screenshot(page, 'records-produce-invalid');
    await page.getByRole('checkbox', { name: 'Multi message' }).uncheck();

    await page.getByRole('combobox', { name: 'Partition' }).selectOption('1');
    await page.getByRole('textbox', { name: 'Key', exact: true }).fill('produced-key');
    await page.getByRole('combobox', { name: 'Value type' }).selectOption('json');
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill('{"made": in the browser}');
    await page.getByText('Value is not valid JSON').waitFor();
    expect(await page.getByRole('button', { name: 'Produce' }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill('{"made":"in the browser"}');
    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByRole('textbox', { name: 'Header 1 key' }).fill('origin');
    await page.getByRole('textbox', { name: 'Header 1 value' }).fill('console');
    await screenshot(page, 'records-produce');
    await page.getByRole('button', { name: 'Produce' }).click();
    await expectToast(page, `Produced to ${source}.`);
    await page.waitForURL(new RegExp(`/topic/${source}/data$`));

    await page.goto(dataUrl(source, '?partition=1&sort=NEWEST'));
    const newest = rows().first();
    await newest.getByText('produced-key').waitFor();
    expect(await newest.textContent()).toContain('{"made":"in the browser"}');
    await newest.getByRole('button', { name: '1', exact: true }).click();
    await newest.getByText('console').waitFor();
  });

  it('copies every partition into another topic', async () => {
    await page.goto(`${app.url}/ui/local/topic/${source}/data`);
    await page.getByRole('link', { name: 'Copy Topic' }).click();
    await page.waitForURL(/\/copy$/);
    await page.getByRole('heading', { name: `Copy topic ${source} from cluster local` }).waitFor();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Target topic is required').waitFor();
    await page.getByRole('combobox', { name: 'Target topic' }).selectOption(target);
    await page.getByRole('button', { name: 'Uncheck all' }).click();
    await page.getByRole('checkbox', { name: 'Partition: 1' }).check();
    await page.getByRole('button', { name: 'Check all', exact: true }).click();
    await page.getByRole('textbox', { name: 'Offset of partition 0' }).fill('100');
    await page.getByText('Offset must be between 0 and 60').waitFor();
    await page.getByRole('textbox', { name: 'Last messages per partition' }).fill('10');
    await page.getByRole('button', { name: 'Last x per partition' }).click();
    expect(await page.getByRole('textbox', { name: 'Offset of partition 0' }).inputValue()).toBe('50');
    await page.getByRole('button', { name: 'Reset to first offsets' }).click();
    await screenshot(page, 'records-copy');
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expectToast(page, `Copied 66 records to topic '${target}' successfully.`);
    await page.waitForURL(new RegExp(`/topic/${target}/data$`));
    await expectRows(50);
    const partitions = await (await fetch(`${app.url}/api/local/topic/${target}/partitions`)).json();
    expect(partitions.map((p: { lastOffset: number }) => p.lastOffset)).toEqual([60, 6]);
  });

  it('preselects the value subject of the topic, encodes through the registry and links the badge', async () => {
    const subject = `${source}-value`;
    const schema = { type: 'object', properties: { made: { type: 'string' } }, required: ['made'] };
    const res = await fetch(`${registry()}/subjects/${encodeURIComponent(subject)}/versions`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' },
      body: JSON.stringify({ schema: JSON.stringify(schema), schemaType: 'JSON' }),
    });
    expect(res.status).toBe(200);
    subjects.push(subject);
    const { id } = (await res.json()) as { id: number };

    await page.goto(`${app.url}/ui/local/topic/${source}/produce`);
    const valueSchema = page.getByRole('combobox', { name: 'Value schema' });
    await expect.poll(() => valueSchema.inputValue(), { timeout: 15_000 }).toBe(subject);
    expect(await page.getByRole('combobox', { name: 'Key schema' }).inputValue()).toBe('');
    await page.getByRole('combobox', { name: 'Partition' }).selectOption('0');
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill('{"made":"with a schema"}');
    await page.getByRole('button', { name: 'Produce' }).click();
    await expectToast(page, `Produced to ${source}.`);

    await page.goto(dataUrl(source, '?partition=0&sort=NEWEST'));
    const newest = rows().first();
    await newest.getByText('{"made":"with a schema"}').waitFor();
    const badge = newest.getByRole('link', { name: `Value: ${id}` });
    await badge.waitFor();
    expect(await badge.getAttribute('href')).toBe(`/ui/local/schema/details/${encodeURIComponent(subject)}`);
    await screenshot(page, 'records-schema-badge');
  });

  it('copies a record into the produce form, reading the stored values once', async () => {
    await page.goto(dataUrl(source, '?partition=1'));
    await rows().first().getByText('needle-0').waitFor();
    await rows().first().getByRole('button', { name: 'Copy' }).click();
    await page.waitForURL(/\/produce$/);
    const key = page.getByRole('textbox', { name: 'Key', exact: true });
    await expect.poll(() => key.inputValue(), { timeout: 15_000 }).toBe('needle-0');
    expect(await page.getByRole('textbox', { name: 'Value', exact: true }).inputValue()).toBe(
      'a needle in the haystack 0',
    );
    expect(await page.evaluate(() => localStorage.getItem('produceToTopicValues'))).toBeNull();
    await page.reload();
    await page.getByRole('heading', { name: `Produce to ${source}` }).waitFor();
    await page.getByRole('button', { name: 'Produce' }).waitFor();
    expect(await key.inputValue()).toBe('');
  });
});
