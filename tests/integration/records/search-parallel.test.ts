/**
 * Searches whose records are tested in worker threads (`search.workers`) answer exactly what searches
 * tested on the main thread answer: the same records, cursors, reasons and filter failures, page after
 * page, over a topic whose batches come in every codec. The production bundle runs them too.
 */
import { readFileSync } from 'node:fs';
import type { CompressionAlgorithmValue } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolStats } from '../../../packages/server/src/domain/records/scan/parallel/pool.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { type ConsoleProcess, startConsoleProcess } from '../../support/console-process.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, sseMessages, waitForTopic } from '../../support/records.ts';
import { eventually } from '../../support/upstreams.ts';

const kafka = testKafka();
const CODECS: CompressionAlgorithmValue[] = ['none', 'gzip', 'snappy', 'lz4', 'zstd'];
const PER_CODEC = 600;
let topic: string;
let inline: RunningApp;
let parallel: RunningApp;

function value(i: number): string | Buffer | null {
  switch (i % 7) {
    case 0:
      return JSON.stringify({ id: i, amount: (i * 37) % 1000, note: 'x'.repeat(i % 200) });
    case 1:
      return `plain text ${i} about Kafka`;
    case 2:
      return Buffer.from([0xff, 0xfe, i & 0xff, 0x6b, 0x61]);
    case 3:
      return `\u212Afka ${i}`;
    case 4:
      return null;
    default:
      return JSON.stringify({ id: i, amount: `${i}`, customer: { name: `Ann ${i % 50}` } });
  }
}

beforeAll(async () => {
  topic = await kafka.createTopic(3);
  await waitForTopic(kafka.admin, topic, 3);
  for (const [c, compression] of CODECS.entries())
    await produceMany(
      topic,
      PER_CODEC,
      (n) => {
        const i = c * PER_CODEC + n;
        return { partition: i % 3, key: i % 11 === 0 ? null : `order-${i}`, value: value(i) };
      },
      { compression, batch: 150 },
    );
  const size = (workers: number) => (c: RunningApp['config']) => ({
    ...c,
    search: { workers },
    topicData: { ...c.topicData, size: 7 },
  });
  inline = await startApp(size(0));
  parallel = await startApp(size(1));
}, 120_000);
afterAll(async () => {
  await inline?.close();
  await parallel?.close();
  await kafka.cleanup();
});

type End = { after?: string; reason: string; percent: number; filterFailures?: unknown };

/** Every page of a search, to the end of the range: the records of each page and how each ended. */
async function searchAll(url: string, query: string, on = topic) {
  const pages: { records: unknown[]; end: Omit<End, 'scanned'> }[] = [];
  let after: string | undefined;
  for (let i = 0; i < 400; i++) {
    const res = await fetch(
      `${url}/api/local/topic/${on}/data/search?${query}${after ? `&after=${after}` : ''}`,
    );
    const records: unknown[] = [];
    let end: (End & { scanned?: unknown }) | undefined;
    for await (const m of sseMessages(res)) {
      if (m.event === 'searchBody') records.push(...((m.data as { records?: unknown[] }).records ?? []));
      if (m.event === 'searchEnd') end = m.data as End;
    }
    if (!end) throw new Error('no searchEnd');
    const { scanned: _scanned, ...rest } = end;
    pages.push({ records, end: rest });
    if (end.reason === 'end' || !end.after) return pages;
    after = end.after;
  }
  throw new Error('search never ended');
}

describe('a search tested in worker threads', () => {
  it.each([
    'searchByValue=kafka_C',
    'searchByValue=kafka_N&sort=NEWEST',
    `filter=${encodeURIComponent('value.amount > 900')}`,
    `searchByKey=order-1_C&filter=${encodeURIComponent('value.customer.name.startsWith("Ann 4")')}`,
    `sort=NEWEST&filter=${encodeURIComponent('value.amount + 1.0 > 990.0')}`,
    'searchByValue=no-such-needle_C&maxRecords=700',
  ])('answers what the main thread answers, page after page: %s', async (query) => {
    const started = poolStats.started;
    const expected = await searchAll(inline.url, query);
    expect(poolStats.started).toBe(started);
    const got = await searchAll(parallel.url, query);
    expect(got).toEqual(expected);
    expect(expected.flatMap((p) => p.records).length + expected.length).toBeGreaterThan(1);
    // The workers did run (they stay up for a while once started).
    expect(poolStats.started).toBeGreaterThan(0);
  });
});

describe('a download with worker threads configured', () => {
  const download = async (url: string, query: string) =>
    (await fetch(`${url}/api/local/topic/${topic}/data/download?${query}`)).text();

  it('reads a download of every record on the main thread: no worker could rule one out', async () => {
    const tasks = poolStats.tasks;
    const got = await download(parallel.url, 'format=JSON');
    expect(poolStats.tasks).toBe(tasks);
    expect(JSON.parse(got)).toHaveLength(CODECS.length * PER_CODEC);
    expect(got).toBe(await download(inline.url, 'format=JSON'));
  });

  it('hands a filtered download to the workers, with the same file', async () => {
    const tasks = poolStats.tasks;
    const query = `format=CSV&filter=${encodeURIComponent('value.amount > 900')}`;
    const got = await download(parallel.url, query);
    expect(poolStats.tasks).toBeGreaterThan(tasks);
    expect(got.split('\r\n').length).toBeGreaterThan(10);
    expect(got).toBe(await download(inline.url, query));
  });
});

describe('a search tested in worker threads over a compacted topic', () => {
  // The log cleaner rewrites a batch keeping its first and last offsets: the records left have gaps, and
  // the reader counts them by reading such a batch for its offsets (counted-records.ts).
  it('answers what the main thread answers, its records and cursors past the gaps', {
    timeout: 180_000,
  }, async () => {
    // One partition: the cleaner takes one partition a pass, and a second pass between the two consoles'
    // searches would change what they read.
    const compacted = await kafka.createTopic(1, {
      configs: {
        'cleanup.policy': 'compact',
        'segment.ms': '100',
        'min.cleanable.dirty.ratio': '0.01',
        'min.compaction.lag.ms': '0',
        'delete.retention.ms': '0',
      },
    });
    await waitForTopic(kafka.admin, compacted, 1);
    const rounds = 4;
    const perRound = 600;
    for (let round = 0; round < rounds; round++) {
      await produceMany(
        compacted,
        perRound,
        (n) => {
          const i = round * perRound + n;
          return {
            partition: 0,
            key: `key-${n % 97}`,
            value: i % 50 === 0 ? `kafka ${i}` : JSON.stringify({ i, round }),
          };
        },
        { batch: 150, ...(round % 2 ? { compression: 'lz4' as const } : {}) },
      );
      // Past segment.ms: the next round's first record rolls the segment, and the cleaner may take this one.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    // The cleaner runs every 15 s by default: wait until it has removed records.
    const scanned = async () => {
      const res = await fetch(
        `${inline.url}/api/local/topic/${compacted}/data/search?searchByValue=no-such-needle_C`,
      );
      let records = Number.POSITIVE_INFINITY;
      for await (const m of sseMessages(res))
        if (m.event === 'searchEnd') records = (m.data as { scanned: { records: number } }).scanned.records;
      return records;
    };
    await eventually(scanned, (n) => n < rounds * perRound, 120_000);
    for (const query of [
      'searchByValue=kafka_C',
      'searchByValue=kafka_C&sort=NEWEST',
      'searchByValue=no-such-needle_C&maxRecords=250',
      `filter=${encodeURIComponent('value.round == 3')}`,
    ]) {
      const expected = await searchAll(inline.url, query, compacted);
      expect(await searchAll(parallel.url, query, compacted)).toEqual(expected);
      expect(expected.flatMap((p) => p.records).length + expected.length).toBeGreaterThan(1);
    }
  });
});

describe('the production bundle', () => {
  let server: ConsoleProcess;
  beforeAll(async () => {
    server = await startConsoleProcess(process.env.STACK_CONFIG_FILE ?? '', {
      CONSOLE_SEARCH__WORKERS: '1',
      // The in-process servers' page size, so that the pages compare.
      CONSOLE_TOPIC_DATA__SIZE: '7',
    });
  }, 60_000);
  afterAll(() => server?.stop());

  const threads = () =>
    Number(/Threads:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? Number.NaN);

  it('runs a search in its worker thread, with the same answer', async () => {
    const before = threads();
    const query = `filter=${encodeURIComponent('value.amount > 900')}`;
    const got = await searchAll(server.url, query);
    // A worker is a thread of the process, kept for a while after the scan.
    expect(threads()).toBeGreaterThan(before);
    expect(got).toEqual(await searchAll(inline.url, query));
  });
});
