/**
 * Whatever stops a scan (its records, bytes or time budget), in either direction, on one partition or
 * many, the page, the search stream and the download answer the matches they read and a cursor that goes
 * on from there (a download's in its `x-scan-after` trailer):
 * followed to the end, they give exactly what Kafka's own console consumer reads at the same offsets,
 * nothing skipped, nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { consoleConsume } from '../../support/console-consumer.ts';
import { testKafka } from '../../support/kafka.ts';
import { download, produceMany, sseMessages, waitForTopic } from '../../support/records.ts';

let app: RunningApp;
const kafka = testKafka();
const PARTITIONS = 3;
/** About 1.1 MB per partition: more than one fetch (512 KB per partition) reads. */
const PER_PARTITION = 900;
const PAD = 'x'.repeat(1200);
let topic: string;
/** `p-o` of every needle, as the console consumer read them. */
let needles: string[];

beforeAll(async () => {
  app = await startApp((c) => ({ ...c, topicData: { ...c.topicData, size: 50 } }));
  topic = await kafka.createTopic(PARTITIONS);
  await waitForTopic(kafka.admin, topic, PARTITIONS);
  await produceMany(
    topic,
    PARTITIONS * PER_PARTITION,
    // 45 needles: fewer than a page (50), so what stops a search is its budget or the end of the range.
    (i) => ({ partition: i % PARTITIONS, value: `${i % 60 === 0 ? 'needle' : 'hay'} ${i} ${PAD}` }),
    { batch: 150 },
  );
  const read = await Promise.all(
    Array.from({ length: PARTITIONS }, (_, p) => consoleConsume(topic, p, PER_PARTITION)),
  );
  needles = read
    .flat()
    .filter((r) => r.value.startsWith('needle '))
    .map((r) => `${r.partition}-${r.offset}`);
  expect(needles).toHaveLength((PARTITIONS * PER_PARTITION) / 60);
}, 120_000);
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

type Rec = { partition: number; offset: number; value: string };
const key = (r: Rec) => `${r.partition}-${r.offset}`;
const sorted = (keys: string[]) => [...keys].sort();

/** Pages from the first to the one with no next link; the records of each page in order. */
async function allPages(query: string): Promise<{ pages: Rec[][] }> {
  const pages: Rec[][] = [];
  let url: string | undefined = `/api/local/topic/${topic}/data?${query}`;
  while (url) {
    if (pages.length > 200) throw new Error(`more than 200 pages for ${query}`);
    const res = await fetch(`${app.url}${url}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { results: Rec[]; after?: string };
    pages.push(page.results);
    url = page.after;
  }
  return { pages };
}

/**
 * Searches, each going on from the last one's `searchEnd.after` (a budget stop or a full page), until one
 * reads to the end of the range.
 */
async function allSearches(query: string): Promise<{ records: Rec[]; reasons: string[] }> {
  const records: Rec[] = [];
  const reasons: string[] = [];
  let after: string | undefined;
  for (;;) {
    if (reasons.length > 200) throw new Error(`more than 200 searches for ${query}`);
    const res = await fetch(
      `${app.url}/api/local/topic/${topic}/data/search?${query}${after ? `&after=${after}` : ''}`,
    );
    expect(res.status).toBe(200);
    let end: { after?: string; reason: string } | undefined;
    for await (const m of sseMessages(res)) {
      if (m.event === 'searchBody') records.push(...((m.data as { records?: Rec[] }).records ?? []));
      if (m.event === 'searchEnd') end = m.data as typeof end;
    }
    if (!end) throw new Error('no searchEnd');
    reasons.push(end.reason);
    if (end.reason === 'end') return { records, reasons };
    // A stop that did not move the cursor would repeat forever.
    expect(end.after).not.toBe(after);
    after = end.after;
  }
}

/** Downloads, each going on from the last one's `x-scan-after` trailer, until one ends with no stop. */
async function allDownloads(query: string): Promise<{ records: Rec[]; reasons: string[] }> {
  const records: Rec[] = [];
  const reasons: string[] = [];
  let after: string | undefined;
  for (;;) {
    if (reasons.length > 200) throw new Error(`more than 200 downloads for ${query}`);
    const res = await download(
      `${app.url}/api/local/topic/${topic}/data/download?${query}${after ? `&after=${after}` : ''}`,
    );
    expect(res.status).toBe(200);
    records.push(...(JSON.parse(res.body) as Rec[]));
    const stop = res.trailers['x-scan-stop'];
    if (!stop) return { records, reasons };
    reasons.push(stop);
    expect(res.trailers['x-scan-after']).not.toBe(after);
    after = res.trailers['x-scan-after'];
  }
}

/** Within each partition, offsets only go one way: up for OLDEST, down for NEWEST. */
function expectScanOrder(records: Rec[], sort: 'OLDEST' | 'NEWEST') {
  for (let p = 0; p < PARTITIONS; p++) {
    const offsets = records.filter((r) => r.partition === p).map((r) => r.offset);
    const ordered = [...offsets].sort((a, b) => (sort === 'OLDEST' ? a - b : b - a));
    expect(offsets).toEqual(ordered);
  }
}

const budgets = [
  ['records', 'maxRecords=150'],
  ['bytes', 'maxBytes=300000'],
  ['time', 'maxMs=1'],
] as const;

describe.each(['OLDEST', 'NEWEST'] as const)('a budget stop, sort %s', (sort) => {
  it.each(budgets)(
    'by %s: searches gone on from each searchEnd read what the console consumer reads',
    async (reason, budget) => {
      const { records, reasons } = await allSearches(`sort=${sort}&searchByValue=needle_C&${budget}`);
      expect(reasons).toContain(reason);
      expect(sorted(records.map(key))).toEqual(sorted(needles));
      expectScanOrder(records, sort);
    },
  );

  it.each(budgets)(
    'by %s: downloads gone on from each x-scan-after trailer read what the console consumer reads',
    async (reason, budget) => {
      const { records, reasons } = await allDownloads(`sort=${sort}&searchByValue=needle_C&${budget}`);
      expect(reasons).toContain(reason);
      expect(sorted(records.map(key))).toEqual(sorted(needles));
      expectScanOrder(records, sort);
    },
  );

  it.each(budgets)(
    'by %s: pages followed to the last read what the console consumer reads',
    async (_, budget) => {
      const { pages } = await allPages(`sort=${sort}&searchByValue=needle_C&${budget}`);
      const records = pages.flat();
      expect(sorted(records.map(key))).toEqual(sorted(needles));
      expectScanOrder(records, sort);
    },
  );

  it.each(budgets)(
    'by %s on one partition: pages read what the console consumer reads of it',
    async (_, budget) => {
      const { pages } = await allPages(`sort=${sort}&partition=1&searchByValue=needle_C&${budget}`);
      const records = pages.flat();
      expect(sorted(records.map(key))).toEqual(sorted(needles.filter((n) => n.startsWith('1-'))));
      expectScanOrder(records, sort);
    },
  );
});

it('a configured budget does not shorten a download: the range bounds it, the file is whole', async () => {
  const tight = await startApp((c) => ({ ...c, topicData: { ...c.topicData, scanMaxRecords: 100 } }));
  try {
    const page = await (
      await fetch(`${tight.url}/api/local/topic/${topic}/data/search?searchByValue=needle_C`)
    ).text();
    expect(page).toContain('"reason":"records"');
    const whole = await download(
      `${tight.url}/api/local/topic/${topic}/data/download?searchByValue=needle_C`,
    );
    expect(whole.trailers['x-scan-stop']).toBeUndefined();
    expect(sorted((JSON.parse(whole.body) as Rec[]).map(key))).toEqual(sorted(needles));
  } finally {
    await tight.close();
  }
});

describe('a small records budget on one partition: pages of five records and cursors past them', () => {
  let small: string;
  beforeAll(async () => {
    small = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, small);
    await produceMany(small, 30, (i) => ({ partition: 0, value: `record ${i}` }));
  });

  it.each([
    ['NEWEST', [29, 28, 27, 26, 25], '0-25'],
    ['OLDEST', [0, 1, 2, 3, 4], '0-4'],
  ] as const)(
    'sort %s: the page shows the five records read and a cursor past them',
    async (sort, offsets, after) => {
      const res = await fetch(`${app.url}/api/local/topic/${small}/data?sort=${sort}&maxRecords=5`);
      const page = (await res.json()) as { results: Rec[]; after?: string; size: number };
      expect(page.size).toBe(30);
      expect(page.results.map((r) => r.offset)).toEqual(offsets);
      expect(new URL(page.after ?? '', 'http://x').searchParams.get('after')).toBe(after);
      const reference = await consoleConsume(small, 0, 30);
      const all: number[] = [];
      let url: string | undefined = `/api/local/topic/${small}/data?sort=${sort}&maxRecords=5`;
      while (url) {
        const next = (await (await fetch(`${app.url}${url}`)).json()) as { results: Rec[]; after?: string };
        all.push(...next.results.map((r) => r.offset));
        url = next.after;
      }
      const expected = reference.map((r) => r.offset);
      expect(all).toEqual(sort === 'OLDEST' ? expected : expected.reverse());
    },
  );
});
