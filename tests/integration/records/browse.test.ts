import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, type RunningApp, startApp } from '../../support/app.ts';
import { testKafka, uniqueName } from '../../support/kafka.ts';
import { produceMany, waitForTopic } from '../../support/records.ts';

let app: RunningApp;
const kafka = testKafka();
beforeAll(async () => {
  app = await startApp((c) => ({ ...c, topicData: { ...c.topicData, size: 7, maxMessageLength: 2000 } }));
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

type Rec = {
  partition: number;
  offset: number;
  timestamp: string;
  key?: string;
  value?: string;
  headers: { key: string; value: string }[];
  truncated: boolean;
  exceptions: string[];
  valueBase64?: boolean;
};
type Page = { results: Rec[]; after?: string; size: number; canDeleteRecords: boolean };

const T0 = Date.parse('2024-05-01T00:00:00.000Z');

async function page(path: string): Promise<Page> {
  const { status, body } = await getJson(
    path.startsWith('/api') ? `${app.url}${path}` : `${app.url}/api/local${path}`,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Page;
}

/** Follows `after` links until a page comes back empty; answers every record seen, in page order. */
async function allPages(first: string): Promise<{ records: Rec[]; pages: number }> {
  const records: Rec[] = [];
  let next: string | undefined = first;
  let pages = 0;
  while (next && pages < 100) {
    const p = await page(next);
    pages++;
    if (p.results.length === 0) break;
    records.push(...p.results);
    next = p.after;
  }
  return { records, pages };
}

const ids = (records: Rec[]) => records.map((r) => `${r.partition}-${r.offset}`);

describe('GET /api/{cluster}/topic/{topic}/data', () => {
  let topic: string;
  const count = 40;
  beforeAll(async () => {
    topic = await kafka.createTopic(3);
    await waitForTopic(kafka.admin, topic, 3);
    // Times rise with i, spread over partitions unevenly, so pages mix partitions.
    await produceMany(topic, count, (i) => ({
      partition: i % 3 === 2 ? 2 : i % 2,
      key: `k${i}`,
      value: JSON.stringify({ i }),
      headers: { source: 'test', seq: String(i) },
      timestamp: T0 + i * 1000,
    }));
  });

  it('pages OLDEST across partitions with every record exactly once, in time order', async () => {
    const { records, pages } = await allPages(`/topic/${topic}/data?sort=Oldest&partition=All`);
    expect(pages).toBeGreaterThan(5);
    expect(new Set(ids(records)).size).toBe(count);
    expect(records.map((r) => JSON.parse(r.value ?? '').i)).toEqual([...Array(count).keys()]);
    const first = records[0];
    expect(first).toMatchObject({
      key: 'k0',
      timestamp: '2024-05-01T00:00:00.000Z',
      headers: [
        { key: 'source', value: 'test' },
        { key: 'seq', value: '0' },
      ],
      truncated: false,
      exceptions: [],
    });
  });

  it('pages NEWEST with every record exactly once, newest first', async () => {
    const { records, pages } = await allPages(`/topic/${topic}/data?sort=newest`);
    expect(pages).toBe(Math.ceil(count / 7));
    expect(new Set(ids(records)).size).toBe(count);
    expect(records.map((r) => JSON.parse(r.value ?? '').i)).toEqual([...Array(count).keys()].reverse());
  });

  it('answers the size, a sorted next-page URI and canDeleteRecords', async () => {
    const p = await page(`/topic/${topic}/data?sort=OLDEST&partition=All`);
    expect(p.size).toBe(count);
    expect(p.canDeleteRecords).toBe(false);
    expect(p.results).toHaveLength(7);
    expect(p.after).toMatch(
      new RegExp(`^/api/local/topic/${topic}/data\\?after=[\\d_-]+&partition=All&sort=OLDEST$`),
    );
  });

  it('filters by partition, start and end time', async () => {
    const one = await allPages(`/topic/${topic}/data?partition=2`);
    expect(one.records.every((r) => r.partition === 2)).toBe(true);
    expect(one.records).toHaveLength(13);
    const from = new Date(T0 + 30_000).toISOString();
    const to = new Date(T0 + 35_000).toISOString();
    const window = await allPages(
      `/topic/${topic}/data?timestamp=${encodeURIComponent(from)}&endTimestamp=${encodeURIComponent(to)}`,
    );
    expect(window.records.map((r) => JSON.parse(r.value ?? '').i)).toEqual([30, 31, 32, 33, 34, 35]);
    expect(window.pages).toBe(1);
    const newest = await allPages(`/topic/${topic}/data?sort=NEWEST&timestamp=${encodeURIComponent(from)}`);
    expect(newest.records.map((r) => JSON.parse(r.value ?? '').i)).toEqual([
      39, 38, 37, 36, 35, 34, 33, 32, 31, 30,
    ]);
  });

  it('starts after given per-partition offsets', async () => {
    const p = await page(`/topic/${topic}/data?after=0-9_1-9_2-9&partition=All`);
    expect(p.results.every((r) => r.offset >= 10)).toBe(true);
    expect(p.results.length).toBeGreaterThan(0);
  });

  it('answers one record by partition and offset', async () => {
    const p = await page(`/topic/${topic}/data/record/2/4`);
    expect(p.results).toHaveLength(1);
    expect(p.results[0]).toMatchObject({ partition: 2, offset: 4, key: 'k14' });
    expect(p.size).toBe(1);
    const past = await page(`/topic/${topic}/data/record/2/400`);
    expect(past.results).toEqual([]);
    expect((await getJson(`${app.url}/api/local/topic/${topic}/data/record/9/0`)).status).toBe(404);
  });

  it('refuses a bad cursor naming the field and answers 404 for an unknown topic', async () => {
    const bad = await getJson(`${app.url}/api/local/topic/${topic}/data?after=zero`);
    expect(bad).toMatchObject({ status: 400, body: { fields: [{ field: 'querystring.after' }] } });
    const missing = await getJson(`${app.url}/api/local/topic/${uniqueName('topic')}/data`);
    expect(missing.status).toBe(404);
    const ignored = await getJson(`${app.url}/api/local/topic/${topic}/data?partition=All&sort=oldest`);
    expect(ignored.status).toBe(200);
  });

  it('creates no consumer group while reading', async () => {
    const before = new Set((await kafka.admin.listGroups()).keys());
    await allPages(`/topic/${topic}/data`);
    await allPages(`/topic/${topic}/data?sort=NEWEST`);
    await fetch(`${app.url}/api/local/topic/${topic}/data/search?searchByKey=k1_C`).then((r) => r.text());
    await fetch(`${app.url}/api/local/topic/${topic}/data/download`).then((r) => r.text());
    const after = [...(await kafka.admin.listGroups()).keys()].filter((g) => !before.has(g));
    expect(after).toEqual([]);
  });
});

describe('record contents', () => {
  it('truncates long values in lists and answers them whole by offset; binary shows as base64', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const long = 'x'.repeat(5000);
    const binary = Buffer.from([0xff, 0xfe, 0x00, 0x01]);
    await produceMany(topic, 2, (i) => ({ partition: 0, value: i === 0 ? long : binary }));
    const p = await page(`/topic/${topic}/data`);
    expect(p.results[0]).toMatchObject({ value: 'xx', truncated: true });
    expect(p.results[1]).toMatchObject({
      value: binary.toString('base64'),
      valueBase64: true,
      truncated: false,
    });
    const whole = await page(`/topic/${topic}/data/record/0/0`);
    expect(whole.results[0]).toMatchObject({ value: long, truncated: false });
  });

  it('reads a record bigger than a partition’s share of a fetch, beside small ones', async () => {
    const topic = await kafka.createTopic(2);
    await waitForTopic(kafka.admin, topic, 2);
    const big = 'b'.repeat(900_000);
    await produceMany(topic, 21, (i) => ({
      partition: i === 10 ? 1 : 0,
      key: `k${i}`,
      value: i === 10 ? big : 'small',
    }));
    const { records } = await allPages(`/topic/${topic}/data`);
    expect(records).toHaveLength(21);
    expect(records.find((r) => r.key === 'k10')).toMatchObject({ partition: 1, truncated: true });
    const whole = await page(`/topic/${topic}/data/record/1/0`);
    expect(whole.results[0]?.value).toBe(big);
  });

  it('decodes batches compressed with gzip, snappy, lz4 and zstd', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const codecs = ['gzip', 'snappy', 'lz4', 'zstd'] as const;
    for (const [n, compression] of codecs.entries()) {
      await produceMany(
        topic,
        50,
        (i) => ({
          partition: 0,
          key: `${compression}-${i}`,
          value: `${compression} record ${i} `.repeat(20),
        }),
        { compression },
      );
      expect(n).toBeGreaterThanOrEqual(0);
    }
    const { records } = await allPages(`/topic/${topic}/data`);
    expect(records).toHaveLength(200);
    for (const compression of codecs) {
      const mine = records.filter((r) => r.key?.startsWith(`${compression}-`));
      expect(mine, compression).toHaveLength(50);
      expect(mine[7]?.value).toBe(`${compression} record 7 `.repeat(20));
    }
  });

  it('reads only committed records: aborted transactions and markers stay hidden', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const { Producer } = await import('@platformatic/kafka');
    const { bootstrap } = await import('../../support/kafka.ts');
    const producer = new Producer({
      clientId: 'console-tests-tx',
      bootstrapBrokers: [bootstrap()],
      transactionalId: uniqueName('topic'),
      idempotent: true,
    });
    try {
      const write = async (value: string, commit: boolean) => {
        const tx = await producer.beginTransaction();
        await tx.send({ messages: [{ topic, partition: 0, value: Buffer.from(value) }] });
        await (commit ? tx.commit() : tx.abort());
      };
      await write('kept-1', true);
      await write('dropped', false);
      await write('kept-2', true);
    } finally {
      await producer.close();
    }
    const { records } = await allPages(`/topic/${topic}/data`);
    expect(records.map((r) => r.value)).toEqual(['kept-1', 'kept-2']);
    const newest = await allPages(`/topic/${topic}/data?sort=NEWEST`);
    expect(newest.records.map((r) => r.value)).toEqual(['kept-2', 'kept-1']);
  });
});
