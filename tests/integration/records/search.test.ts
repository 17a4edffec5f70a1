import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScreenMemory } from '../../../packages/server/src/domain/records/scan/bytes/byte-screen.ts';
import { fetchStats } from '../../../packages/server/src/kafka/fetch/fetch.ts';
import { RELEASE_AFTER_BYTES } from '../../../packages/server/src/platform/idle-memory.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { liveInstances } from '../../support/live-objects.ts';
import { expectReadsStopped } from '../../support/reads-stopped.ts';
import { produceMany, type SseMessage, sseMessages, waitForTopic } from '../../support/records.ts';

let app: RunningApp;
const kafka = testKafka();
beforeAll(async () => {
  app = await startApp((c) => ({ ...c, topicData: { ...c.topicData, size: 5 } }));
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

type Rec = { partition: number; offset: number; key?: string; value?: string };
type Body = { records?: Rec[]; after?: string; percent: number };
type End = {
  after?: string;
  percent: number;
  reason: string;
  scanned: { records: number; bytes: number; ms: number };
};

async function search(
  topic: string,
  query: string,
): Promise<{ bodies: Body[]; end: End; events: SseMessage[] }> {
  const res = await fetch(`${app.url}/api/local/topic/${topic}/data/search?${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: SseMessage[] = [];
  for await (const m of sseMessages(res)) events.push(m);
  const last = events.at(-1);
  expect(last?.event).toBe('searchEnd');
  expect(events.filter((e) => e.event === 'searchEnd')).toHaveLength(1);
  return {
    bodies: events.filter((e) => e.event === 'searchBody').map((e) => e.data as Body),
    end: last?.data as End,
    events,
  };
}

/** Runs a search page after page until it reports the range read; answers every match. */
async function searchAll(topic: string, query: string): Promise<Rec[]> {
  const found: Rec[] = [];
  let after: string | undefined;
  for (let i = 0; i < 100; i++) {
    const { bodies, end } = await search(topic, `${query}${after ? `&after=${after}` : ''}`);
    found.push(...bodies.flatMap((b) => b.records ?? []));
    if (end.reason === 'end') return found;
    after = end.after;
  }
  throw new Error('search never ended');
}

const values = (records: Rec[]) => records.map((r) => r.value).sort();

describe('GET /api/{cluster}/topic/{topic}/data/search', () => {
  let topic: string;
  const words = [
    'red apple',
    'green apple',
    'red cherry',
    'Yellow Banana',
    'green pear',
    'RED BERRY',
    'plum',
  ];
  beforeAll(async () => {
    topic = await kafka.createTopic(2);
    await waitForTopic(kafka.admin, topic, 2);
    await produceMany(topic, words.length * 3, (i) => ({
      partition: i % 2,
      key: i % 7 === 6 ? null : `key-${i % 7}`,
      value: words[i % 7] ?? '',
      headers: i % 2 ? { color: (words[i % 7] ?? '').split(' ')[0] ?? '' } : ({} as Record<string, string>),
    }));
  });

  it('contains: whitespace splits terms (OR), case-insensitive', async () => {
    const found = await searchAll(topic, 'searchByValue=cherry%20banana_C');
    expect(values(found)).toEqual(Array(3).fill(['Yellow Banana', 'red cherry']).flat().sort());
  });

  it('double quotes keep a phrase together', async () => {
    const found = await searchAll(topic, `searchByValue=${encodeURIComponent('"red apple"')}_C`);
    expect(values(found)).toEqual(['red apple', 'red apple', 'red apple']);
    const split = await searchAll(topic, 'searchByValue=red%20apple_C');
    expect(new Set(values(split))).toEqual(new Set(['red apple', 'green apple', 'red cherry', 'RED BERRY']));
  });

  it('not contains: every term must be absent (AND)', async () => {
    const found = await searchAll(topic, 'searchByValue=red%20apple_N');
    expect(new Set(values(found))).toEqual(new Set(['Yellow Banana', 'green pear', 'plum']));
  });

  it('equals: the whole value is one of the terms', async () => {
    const found = await searchAll(topic, 'searchByKey=key-1%20key-3_E');
    expect(new Set(found.map((r) => r.key))).toEqual(new Set(['key-1', 'key-3']));
    expect(found).toHaveLength(6);
    expect(await searchAll(topic, 'searchByKey=key_E')).toEqual([]);
  });

  it('null finds records without a key', async () => {
    const found = await searchAll(topic, 'searchByKey=null_E');
    expect(values(found)).toEqual(['plum', 'plum', 'plum']);
  });

  it('filters header keys and values and combines filters with AND', async () => {
    const byHeader = await searchAll(topic, 'searchByHeaderKey=color_E');
    expect(byHeader.every((r) => r.partition === 1)).toBe(true);
    expect(byHeader).toHaveLength(10);
    const both = await searchAll(topic, 'searchByHeaderValue=green_E&searchByValue=pear_C');
    expect(values(both)).toEqual(['green pear']);
  });

  it('reports progress and ends with the cursor; paging finds each match once', async () => {
    const first = await search(topic, 'searchByValue=e_C');
    const got = first.bodies.flatMap((b) => b.records ?? []);
    expect(got).toHaveLength(5);
    expect(first.end.reason).toBe('limit');
    expect(first.end.percent).toBe(100);
    expect(first.end.after).toMatch(/^\d+-\d+(_\d+-\d+)*$/);
    const percents = first.bodies.map((b) => b.percent);
    expect(percents.every((p, i) => p >= (percents[i - 1] ?? 0) && p <= 100)).toBe(true);
    const all = await searchAll(topic, 'searchByValue=e_C');
    expect(new Set(all.map((r) => `${r.partition}-${r.offset}`)).size).toBe(all.length);
    expect(all).toHaveLength(18);
  });

  it('searches NEWEST downwards, newest first, each match once', async () => {
    const found = await searchAll(topic, 'sort=NEWEST&searchByValue=apple_C');
    expect(found).toHaveLength(6);
    for (const partition of [0, 1]) {
      const offsets = found.filter((r) => r.partition === partition).map((r) => r.offset);
      expect(offsets).toEqual([...offsets].sort((a, b) => b - a));
    }
  });

  it('subject filters match the schema name only', async () => {
    expect(await searchAll(topic, 'searchByValueSubject=apple_C')).toEqual([]);
    expect(await searchAll(topic, 'searchByValueSubject=null_E')).toHaveLength(21);
    expect(await searchAll(topic, 'searchByKeySubject=apple_C')).toEqual([]);
    expect(await searchAll(topic, 'searchByKeySubject=null_E')).toHaveLength(21);
    expect(await searchAll(topic, 'searchByKeySubject=null_N')).toEqual([]);
  });
});

describe('scan budgets and cancellation', () => {
  let topic: string;
  const count = 3000;
  beforeAll(async () => {
    topic = await kafka.createTopic(3);
    await waitForTopic(kafka.admin, topic, 3);
    await produceMany(topic, count, (i) => ({
      partition: i % 3,
      value: i % 1000 === 999 ? `needle ${i}` : `hay ${i}`,
    }));
  });

  it('a records budget ends the scan with how far it got and a cursor that resumes exactly', async () => {
    const first = await search(topic, 'searchByValue=needle_C&maxRecords=600');
    expect(first.end.reason).toBe('records');
    expect(first.end.scanned.records).toBe(600);
    expect(first.end.percent).toBeCloseTo(20, 0);
    const seen: Rec[] = first.bodies.flatMap((b) => b.records ?? []);
    let after = first.end.after;
    let reason = first.end.reason;
    let rounds = 1;
    while (reason !== 'end' && rounds < 20) {
      const next = await search(topic, `searchByValue=needle_C&maxRecords=600&after=${after}`);
      seen.push(...next.bodies.flatMap((b) => b.records ?? []));
      after = next.end.after;
      reason = next.end.reason;
      rounds++;
    }
    expect(rounds).toBe(5);
    expect(seen.map((r) => r.value).sort()).toEqual(['needle 1999', 'needle 2999', 'needle 999']);
  });

  it('a time budget stops too', async () => {
    const { end } = await search(topic, 'searchByValue=nothing_C&maxMs=1');
    expect(['time', 'end']).toContain(end.reason);
  });
});

describe('cancelling a search', () => {
  it('stops fetching as soon as the client goes away', async () => {
    const topic = await kafka.createTopic(2);
    await waitForTopic(kafka.admin, topic, 2);
    const total = 200_000;
    await produceMany(
      topic,
      total,
      // Five matches (a page) need 80% of the topic read; the first comes at once.
      (i) => ({ partition: i % 2, value: i % 40_000 === 0 ? `needle ${i}` : `hay ${i} ${'.'.repeat(80)}` }),
      { batch: 20_000 },
    );
    const full = fetchStats.requests;
    const complete = await search(topic, 'searchByValue=needle_C');
    expect(complete.end.reason).toBe('limit');
    const fullRead = fetchStats.requests - full;
    const controller = new AbortController();
    const res = await fetch(
      `${app.url}/api/local/topic/${topic}/data/search?searchByValue=needle_C&maxMs=60000`,
      {
        signal: controller.signal,
      },
    );
    const before = fetchStats.requests;
    let firstMatch: Body | undefined;
    for await (const m of sseMessages(res)) {
      expect(m.event).toBe('searchBody');
      if ((m.data as Body).records?.length) {
        firstMatch = m.data as Body;
        break;
      }
    }
    // Leaving the loop cancels the body; aborting drops the connection for sure.
    try {
      controller.abort();
    } catch {}
    expect(firstMatch?.percent).toBeLessThan(50);
    const settled = await expectReadsStopped();
    expect(settled - before).toBeLessThan(fullRead / 2);
  });
});

describe('search terms are the caller text', () => {
  it('a long term against large records does not stall the server, and still finds its match', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const big = 'a'.repeat(800_000);
    const term = `${'a'.repeat(4_000)}B`;
    await produceMany(
      topic,
      4,
      (i) => ({ partition: 0, value: i === 3 ? `${big}${term.toLowerCase()}` : big }),
      { batch: 1 },
    );
    // Matched as one regex, each record held the event loop for seconds (input length x term length);
    // the literal search is linear. /health is asked again and again while the search runs.
    let done = false;
    const searching = searchAll(topic, `searchByValue=${term}`).finally(() => {
      done = true;
    });
    let slowest = 0;
    while (!done) {
      const started = performance.now();
      expect((await fetch(`${app.url}/health`)).status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
    }
    const found = await searching;
    // A stall detector, not a speed target.
    expect(slowest).toBeLessThan(1_000);
    expect(found.map((r) => r.offset)).toEqual([3]);
  });
});

describe('memory after a search', () => {
  it("keeps none of a finished search's byte screens once the server is idle", async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    // Past RELEASE_AFTER_BYTES, so the end of the scan arms the idle collection, which outlives the scan.
    const pad = 'x'.repeat(1_000);
    await produceMany(topic, 9_000, (i) => ({ partition: 0, value: `${i} ${pad}` }), { batch: 500 });
    const { end } = await search(topic, 'searchByValue=no-such-needle');
    expect(end.reason).toBe('end');
    expect(end.scanned.bytes).toBeGreaterThan(RELEASE_AFTER_BYTES);
    await expectReadsStopped();
    // The screen held the scan's record sets (up to 8 MiB of WebAssembly memory and a copy).
    expect(await liveInstances(ScreenMemory.prototype)).toBe(0);
  });
});
