import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DataRecord,
  FilterFailures,
  RecordPage,
  SearchEnd,
  TailBody,
} from '../../../packages/contract/src/index.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, sseMessages, waitForTopic } from '../../support/records.ts';

let app: RunningApp;
const kafka = testKafka();
let topic: string;

/** Twelve records over two partitions: orders as JSON, with headers and dates on both sides of 2026. */
const ORDERS = [
  { status: 'FAILED', amount: 150, customer: { email: 'a@example.com' } },
  { status: 'FAILED', amount: 50, customer: { email: 'b@example.com' } },
  { status: 'OK', amount: 500, customer: { phone: '123' } },
  { status: 'FAILED', amount: 101.5, customer: {} },
];
const orderText = (i: number) =>
  i % 6 === 5 ? `plain text ${i}` : JSON.stringify({ ...ORDERS[i % 4], n: i });

beforeAll(async () => {
  app = await startApp((c) => ({ ...c, topicData: { ...c.topicData, size: 50 } }));
  topic = await kafka.createTopic(2);
  await waitForTopic(kafka.admin, topic, 2);
  await produceMany(topic, 12, (i) => ({
    partition: i % 2,
    key: `order-${i}`,
    value: orderText(i),
    headers: { 'trace-id': i % 3 === 0 ? `ab${i}` : `cd${i}` },
    timestamp: Date.parse(i < 6 ? '2025-12-31T12:00:00Z' : '2026-01-02T12:00:00Z') + i,
  }));
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

const q = (filter: string, rest = '') => `filter=${encodeURIComponent(filter)}${rest}`;
const numbers = (records: readonly DataRecord[]) =>
  records.map((r) => (JSON.parse(r.value ?? '{}') as { n: number }).n).sort((a, b) => a - b);
/** Which of the twelve records a predicate over (index, order) picks. */
const expected = (pick: (i: number) => boolean) =>
  [...Array(12).keys()].filter((i) => i % 6 !== 5 && pick(i));

async function search(query: string): Promise<{ records: DataRecord[]; end: SearchEnd }> {
  const res = await fetch(`${app.url}/api/local/topic/${topic}/data/search?${query}`);
  expect(res.status).toBe(200);
  const records: DataRecord[] = [];
  let end: SearchEnd | undefined;
  for await (const m of sseMessages(res)) {
    if (m.event === 'searchBody') records.push(...((m.data as { records?: DataRecord[] }).records ?? []));
    if (m.event === 'searchEnd') end = m.data as SearchEnd;
  }
  if (!end) throw new Error('no searchEnd');
  return { records, end };
}

describe('the filter expression over the search stream', () => {
  it('finds what the four offered examples describe: value fields, a header prefix, a timestamp, a nested field', async () => {
    const order = (i: number) => ORDERS[i % 4] as (typeof ORDERS)[number];
    const failedOver100 = await search(q('value.status == "FAILED" && value.amount > 100'));
    expect(numbers(failedOver100.records)).toEqual(
      expected((i) => order(i).status === 'FAILED' && order(i).amount > 100),
    );

    const traced = await search(q('headers["trace-id"].startsWith("ab")'));
    expect(traced.records.map((r) => r.key).sort()).toEqual([0, 3, 6, 9].map((i) => `order-${i}`).sort());

    const recent = await search(q('timestamp > timestamp("2026-01-01T00:00:00Z")'));
    expect(recent.records.map((r) => r.offset).length).toBe(6);
    expect(recent.records.every((r) => r.timestamp >= '2026-01-01')).toBe(true);

    const withEmail = await search(q('has(value.customer.email)'));
    expect(numbers(withEmail.records)).toEqual(expected((i) => 'email' in order(i).customer));
  });

  it('counts the records it fails on as not matching and reports them once, at the end', async () => {
    // Arithmetic, which no prefilter reads: every record is evaluated.
    const { records, end } = await search(q('value.amount * 1.0 > 100.0'));
    expect(numbers(records)).toEqual(expected((i) => (ORDERS[i % 4]?.amount ?? 0) > 100));
    // Records 5 and 11 are plain text: `value.amount` fails on them.
    expect(end.filterFailures).toEqual({ count: 2, message: expect.stringContaining('offset 2') });
    const clean = await search(q('has(value.amount) && value.amount > 100'));
    expect(clean.end.filterFailures).toBeUndefined();
    // `value.amount > 100` alone rules the text records out before evaluating them (no `"amount": <number>`
    // member in their text): same matches, and failures counted only where evaluated.
    const prefiltered = await search(q('value.amount > 100'));
    expect(numbers(prefiltered.records)).toEqual(numbers(records));
    expect(prefiltered.end.filterFailures).toBeUndefined();
  });

  it('combines with the search terms on the same records', async () => {
    const { records } = await search(q('value.status == "FAILED"', '&searchByKey=order-1_C'));
    // order-1, order-10, order-11 have keys containing order-1; 10 is OK... 1 is FAILED(50), 11 is text.
    expect(records.map((r) => r.key).sort()).toEqual(['order-1']);
  });

  it('answers 400 naming the position before the stream opens', async () => {
    const res = await fetch(`${app.url}/api/local/topic/${topic}/data/search?${q('value.status ==')}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: { field: string; message: string }[] };
    expect(body.fields[0]?.field).toBe('querystring.filter');
    expect(body.fields[0]?.message).toMatch(/^line 1, column 14: /);
    const clock = await fetch(`${app.url}/api/local/topic/${topic}/data/search?${q('now() > timestamp')}`);
    expect(clock.status).toBe(400);
    expect(((await clock.json()) as { message: string }).message).toBe(
      "querystring.filter: line 1, column 1: unknown function 'now'",
    );
  });

  it('keeps the event loop turning while a costly expression runs on every record', async () => {
    const heavy = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, heavy, 1);
    await produceMany(heavy, 24, () => ({ partition: 0, value: 'a'.repeat(4_000) }));
    // 5,625 steps, each building a string of the value: stopped at 5,000 steps or 50 ms, whichever first.
    const list = `[${[...Array(75).keys()].join(',')}]`;
    const costly = `${list}.exists(x, ${list}.exists(y, string(x) + string(y) + value == "z"))`;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const res = await fetch(`${app.url}/api/local/topic/${heavy}/data/search?${q(costly)}`);
    let end: SearchEnd | undefined;
    for await (const m of sseMessages(res)) if (m.event === 'searchEnd') end = m.data as SearchEnd;
    delay.disable();
    // Every record stops at a limit: none matches, each is counted.
    expect(end?.filterFailures?.count).toBe(24);
    expect(end?.filterFailures?.message).toMatch(/took more than 50 ms|more than 5000 comprehension steps/);
    // Without turns the 24 records of one fetch (about 40 ms each) would hold the loop a second in one go.
    expect(delay.max / 1e6).toBeLessThan(600);
  });
});

describe('the filter expression on the page, the download and the live tail', () => {
  it('pages with the filter kept in the next page link', async () => {
    const filter = 'value.status == "FAILED"';
    const res = await fetch(`${app.url}/api/local/topic/${topic}/data?${q(filter)}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as RecordPage;
    expect(numbers(page.results)).toEqual(expected((i) => ORDERS[i % 4]?.status === 'FAILED'));
    // The text of records 5 and 11 lacks `FAILED`: ruled out before evaluation, so no failure counted.
    expect(page.filterFailures).toBeUndefined();
    if (page.after) expect(new URL(page.after, app.url).searchParams.get('filter')).toBe(filter);
  });

  it('downloads only the matching records', async () => {
    const res = await fetch(
      `${app.url}/api/local/topic/${topic}/data/download?${q('value.n >= 8 && value.n < 11')}`,
    );
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { value: string }[];
    expect(rows.map((r) => (JSON.parse(r.value) as { n: number }).n).sort((a, b) => a - b)).toEqual([
      8, 9, 10,
    ]);
    const bad = await fetch(`${app.url}/api/local/topic/${topic}/data/download?${q('value.n >')}`);
    expect(bad.status).toBe(400);
  });

  it('tails only the matching records and reports the failures', async () => {
    const tailed = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, tailed, 1);
    const controller = new AbortController();
    const res = await fetch(
      `${app.url}/api/local/tail/sse?topics=${tailed}&${q('value.level in ["ERROR", "FATAL"]')}`,
      { signal: controller.signal },
    );
    expect(res.status).toBe(200);
    const events = sseMessages(res);
    await events.next();
    await produceMany(tailed, 5, (i) => ({
      partition: 0,
      value:
        ['{"level":"ERROR"}', '{"level":"INFO"}', 'not json', '{"level":"FATAL"}', '{"other":1}'][i] ?? '',
    }));
    const records: DataRecord[] = [];
    let failures: FilterFailures | undefined;
    const timer = setTimeout(() => controller.abort(), 15_000);
    try {
      while (records.length < 2 || !failures) {
        const next = await events.next();
        if (next.done) break;
        const body = next.value.data as TailBody;
        records.push(...(body.records ?? []));
        failures = body.filterFailures ?? failures;
      }
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
    expect(records.map((r) => r.value)).toEqual(['{"level":"ERROR"}', '{"level":"FATAL"}']);
    // `not json` and `{"other":1}` have no `level`.
    expect(failures?.count).toBe(2);
    const bad = await fetch(`${app.url}/api/local/tail/sse?topics=${tailed}&${q('level ==')}`);
    expect(bad.status).toBe(400);
  });
});
