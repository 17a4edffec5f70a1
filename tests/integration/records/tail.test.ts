import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataRecord, TailBody } from '../../../packages/contract/src/index.ts';
import { tailStats } from '../../../packages/server/src/domain/records/tail.ts';
import { TailHub } from '../../../packages/server/src/domain/records/tail-hub.ts';
import { fetchStats } from '../../../packages/server/src/kafka/fetch/fetch.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, sseMessages } from '../../support/records.ts';
import { sha256, withSecurity } from '../../support/security.ts';

let app: RunningApp;
let secured: RunningApp;
const kafka = testKafka();

beforeAll(async () => {
  app = await startApp();
  secured = await startApp(
    withSecurity({
      defaultGroup: null,
      roles: { 'data-read': [{ resources: ['TOPIC', 'TOPIC_DATA'], actions: ['READ'] }] },
      groups: { orders: [{ role: 'data-read', patterns: ['orders-.*'] }] },
      users: [{ username: 'ann', password: sha256('pw'), groups: ['orders'] }],
    }),
  );
});
afterAll(async () => {
  await app?.close();
  await secured?.close();
  await kafka.cleanup();
});

/** Opens a tail and waits for its first event (the starting offsets): records produced after it show. */
async function openTail(query: string, base = app.url, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/local/tail/sse?${query}`, { signal: controller.signal, headers });
  expect(res.status).toBe(200);
  const events = sseMessages(res);
  const first = await events.next();
  expect(first.value?.event).toBe('tailBody');
  const start = first.value?.data as TailBody;
  const records: DataRecord[] = [];
  let last: TailBody = start;
  /** Reads events until `count` records have come, or fails after `ms`. */
  const until = async (count: number, ms = 15_000) => {
    const deadline = setTimeout(() => controller.abort(), ms);
    try {
      while (records.length < count) {
        const next = await events.next();
        if (next.done) break;
        expect(next.value.event).toBe('tailBody');
        last = next.value.data as TailBody;
        records.push(...(last.records ?? []));
      }
    } finally {
      clearTimeout(deadline);
    }
    return records;
  };
  return { start, records, until, last: () => last, close: () => controller.abort() };
}

describe('GET /api/{cluster}/tail/sse', () => {
  it('streams new records of two topics from their ends, in order within each partition', async () => {
    const [a, b] = await Promise.all([kafka.createTopic(2), kafka.createTopic(1)]);
    await produceMany(a, 3, (i) => ({ partition: 0, value: `before ${i}` }));
    const tail = await openTail(`topics=${a}&topics=${b}`);
    expect(tail.start.offsets?.sort()).toEqual([`${a},0,3`, `${a},1,0`, `${b},0,0`].sort());

    await produceMany(a, 20, (i) => ({ partition: i % 2, key: `k${i}`, value: `{"n":${i}}` }));
    await produceMany(b, 5, (i) => ({ partition: 0, value: `b ${i}`, headers: { source: 'test' } }));
    const records = await tail.until(25);
    tail.close();

    expect(records).toHaveLength(25);
    expect(records.some((r) => r.value?.startsWith('before'))).toBe(false);
    for (const [topic, partition] of [
      [a, 0],
      [a, 1],
      [b, 0],
    ] as const) {
      const offsets = records
        .filter((r) => r.topic.name === topic && r.partition === partition)
        .map((r) => r.offset);
      expect(offsets).toEqual([...offsets].sort((x, y) => x - y));
    }
    expect(records.filter((r) => r.topic.name === b)[0]).toMatchObject({
      topic: { name: b },
      value: 'b 0',
      headers: [{ key: 'source', value: 'test' }],
    });
    expect(tail.last().offsets).toContain(`${b},0,5`);
  });

  it('reads every partition of a topic opened the moment it was made, once the broker knows their ends', async () => {
    // Leaders of a new topic's partitions are elected a moment after CreateTopics answers: the tail's
    // first ListOffsets may leave some out. They are asked again until known, not dropped, and the
    // records written to them meanwhile are not lost.
    const topic = await kafka.createTopic(12);
    const tail = await openTail(`topics=${topic}`);
    await produceMany(topic, 12, (i) => ({ partition: i, value: `p${i}` }));
    const records = await tail.until(12, 30_000);
    tail.close();
    expect(records.map((r) => r.partition).sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
  });

  it('keeps only records whose key or value contains the search text, and resumes from `after`', async () => {
    const topic = await kafka.createTopic(1);
    const tail = await openTail(`topics=${topic}&search=needle`);
    await produceMany(topic, 6, (i) => ({
      partition: 0,
      key: i === 4 ? 'NEEDLE-key' : `k${i}`,
      value: i === 1 ? 'a needle here' : `hay ${i}`,
    }));
    const found = await tail.until(2);
    tail.close();
    expect(found.map((r) => r.offset)).toEqual([1, 4]);

    const resumed = await openTail(`topics=${topic}&after=${encodeURIComponent(`${topic},0,2`)}`);
    expect(resumed.start.offsets).toEqual([`${topic},0,2`]);
    const again = await resumed.until(4);
    resumed.close();
    expect(again.map((r) => r.offset)).toEqual([2, 3, 4, 5]);
  });

  it('serves many tails from one reader: a late tail resuming from `after` gets its records, the others no repeats', async () => {
    const topic = await kafka.createTopic(1);
    const first = await openTail(`topics=${topic}`);
    await produceMany(topic, 3, (i) => ({ partition: 0, value: `one ${i}` }));
    expect((await first.until(3)).map((r) => r.offset)).toEqual([0, 1, 2]);

    const late = await openTail(`topics=${topic}&after=${encodeURIComponent(`${topic},0,0`)}`);
    expect((await late.until(3)).map((r) => r.offset)).toEqual([0, 1, 2]);
    await produceMany(topic, 2, (i) => ({ partition: 0, value: `two ${i}` }));
    expect((await late.until(5)).map((r) => r.offset)).toEqual([0, 1, 2, 3, 4]);
    expect((await first.until(5)).map((r) => r.offset)).toEqual([0, 1, 2, 3, 4]);

    // Idle, five tails cost the broker what one does: one fetch per 0.5 s wait, not five.
    const more = await Promise.all([1, 2, 3].map(() => openTail(`topics=${topic}`)));
    const before = TailHub.fetches;
    await new Promise((r) => setTimeout(r, 2_000));
    expect(TailHub.fetches - before).toBeLessThanOrEqual(6);
    for (const t of [first, late, ...more]) t.close();
  });

  it('refuses a topic the user may not read, names bad input, and answers 404 for a missing topic', async () => {
    const ann = { authorization: `Basic ${Buffer.from('ann:pw').toString('base64')}` };
    const refused = await fetch(`${secured.url}/api/local/tail/sse?topics=orders-x,payments`, {
      headers: ann,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      message: "Unauthorized: missing permission on resource TOPIC_DATA 'payments' and action READ",
    });

    const none = await fetch(`${app.url}/api/local/tail/sse`);
    expect(none.status).toBe(400);
    expect((await none.json()).fields.map((f: { field: string }) => f.field)).toEqual(['querystring.topics']);
    const badAfter = await fetch(`${app.url}/api/local/tail/sse?topics=x&after=oops`);
    expect(badAfter.status).toBe(400);

    const missing = await fetch(`${app.url}/api/local/tail/sse?topics=no-such-topic-${Date.now()}`);
    expect(missing.status).toBe(404);
  });

  it('stops reading when the client leaves, and creates no consumer group', async () => {
    const stopped = async () => {
      // A fetch waiting on the broker (0.5 s at most) is let finish, then the tail ends.
      const deadline = Date.now() + 3_000;
      while (tailStats.active > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return tailStats.active;
    };
    expect(await stopped()).toBe(0); // the tails of the tests before
    const topic = await kafka.createTopic(1);
    const groupsBefore = await kafka.admin.listGroups();
    const tail = await openTail(`topics=${topic}`);
    expect(tailStats.active).toBe(1);
    tail.close();
    expect(await stopped()).toBe(0);
    const settled = fetchStats.requests;
    await new Promise((r) => setTimeout(r, 1_200));
    expect(fetchStats.requests).toBe(settled);
    const groupsAfter = await kafka.admin.listGroups();
    expect([...groupsAfter.keys()].filter((g) => !groupsBefore.has(g))).toEqual([]);
  });
});
