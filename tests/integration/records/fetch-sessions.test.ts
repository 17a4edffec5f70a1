/**
 * Incremental fetch sessions (KIP-227, `topicData.fetchSessions`) against the real broker: two consoles,
 * one with sessions and one without, read the same topics; they must answer the same records. What the
 * session-using console sent is read from the requests it built (requestsChannel); whether a session is
 * still open is asked of the broker itself, with a Fetch naming the session (FETCH_SESSION_ID_NOT_FOUND
 * once it is closed).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataRecord, TailBody } from '../../../packages/contract/src/index.ts';
import {
  type FetchArgs,
  type RawFetchResponse,
  rawFetchApi,
} from '../../../packages/server/src/kafka/fetch/fetch-api.ts';
import { fetchSessionStats } from '../../../packages/server/src/kafka/fetch/fetch-session.ts';
import { readMetadata } from '../../../packages/server/src/kafka/metadata.ts';
import { type BuiltRequest, requestsChannel, send } from '../../../packages/server/src/kafka/protocol.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, sseMessages, waitForTopic } from '../../support/records.ts';

const FETCH_SESSION_ID_NOT_FOUND = 70;
const SLOTS = 'max.incremental.fetch.session.cache.slots';
/** The test's own Fetches to the broker wait this long (the consoles' never do): they are not recorded. */
const PROBE_WAIT_MS = 1;

let withSessions: RunningApp;
let without: RunningApp;
const kafka = testKafka();

/** Every Fetch the consoles build: session id, epoch, the partitions named and forgotten per topic id. */
type SentFetch = {
  sessionId: number;
  epoch: number;
  named: Map<string, number[]>;
  forgotten: Map<string, number[]>;
};
const sent: SentFetch[] = [];
const record = (message: unknown) => {
  const { api, args } = message as BuiltRequest;
  if (api !== 'Fetch') return;
  const [maxWaitMs, , , , sessionId, epoch, topics, forgotten] = args as FetchArgs;
  if (maxWaitMs === PROBE_WAIT_MS) return;
  sent.push({
    sessionId,
    epoch,
    named: new Map(topics.map((t) => [t.topicId, t.partitions.map((p) => p.partition)])),
    forgotten: new Map(forgotten.map((t) => [t.topicId ?? t.topic ?? '', t.partitions])),
  });
};

beforeAll(async () => {
  subscribe(requestsChannel.name, record);
  withSessions = await startApp((c) => ({ ...c, topicData: { ...c.topicData, fetchSessions: true } }));
  without = await startApp((c) => ({ ...c, topicData: { ...c.topicData, fetchSessions: false } }));
});
afterAll(async () => {
  unsubscribe(requestsChannel.name, record);
  await withSessions?.close();
  await without?.close();
  await kafka.cleanup();
});

const topicId = async (topic: string) =>
  (await readMetadata(kafka.admin, [topic])).topics.get(topic)?.id ?? '';

/** The session-using fetches that named or forgot a partition of `id`. */
const sessionFetches = (id: string) =>
  sent.filter((f) => f.sessionId !== 0 && (f.named.has(id) || f.forgotten.has(id)));

/** Asks the broker about a session with a Fetch naming nothing: its error code (70: no such session). */
async function askBroker(sessionId: number, epoch: number): Promise<number> {
  const answer = await send<FetchArgs, RawFetchResponse>(
    kafka.admin,
    'any',
    'Fetch',
    () => [PROBE_WAIT_MS, 1, 1024, 1, sessionId, epoch, [], [], ''],
    { api: rawFetchApi },
  );
  return answer.errorCode;
}

/** Opens a session of its own on the broker, reading `partition` 0 of `topicId`: its id, 0 when refused. */
async function openSession(id: string): Promise<number> {
  const partitions = [
    { partition: 0, currentLeaderEpoch: -1, fetchOffset: 0n, lastFetchedEpoch: -1, partitionMaxBytes: 1 },
  ];
  const answer = await send<FetchArgs, RawFetchResponse>(
    kafka.admin,
    'any',
    'Fetch',
    () => [PROBE_WAIT_MS, 1, 1024, 1, 0, 0, [{ topicId: id, partitions }], [], ''],
    { api: rawFetchApi },
  );
  return answer.sessionId;
}

/** Waits until the broker no longer knows any of `ids`. */
async function expectClosed(ids: Iterable<number>): Promise<void> {
  for (const id of ids) {
    await expect
      .poll(() => askBroker(id, 1), { timeout: 10_000, interval: 200 })
      .toBe(FETCH_SESSION_ID_NOT_FOUND);
  }
}

/**
 * A topic just made, with a record in each partition: a tail opened on a topic created a moment before
 * may find no end offset yet for a partition and then never read it (seen with and without sessions).
 */
async function ready(topic: string, partitions: number): Promise<void> {
  await waitForTopic(kafka.admin, topic, partitions);
  await produceMany(topic, partitions, (i) => ({ partition: i, value: 'before the tail' }));
}

type Found = { partition: number; offset: number; value: string | null };
const found = (records: DataRecord[]): Found[] =>
  records
    .map((r) => ({ partition: r.partition, offset: r.offset, value: r.value ?? null }))
    .sort((a, b) => a.partition - b.partition || a.offset - b.offset);

async function search(app: RunningApp, topic: string, query: string): Promise<Found[]> {
  const res = await fetch(`${app.url}/api/local/topic/${topic}/data/search?${query}`);
  expect(res.status).toBe(200);
  const records: DataRecord[] = [];
  let end: { reason?: string } = {};
  for await (const m of sseMessages(res)) {
    if (m.event === 'searchBody') records.push(...((m.data as { records?: DataRecord[] }).records ?? []));
    if (m.event === 'searchEnd') end = m.data as { reason: string };
  }
  expect(end.reason).toBe('end');
  return found(records);
}

describe('fetch sessions (topicData.fetchSessions)', () => {
  it('a search reads the same records with and without, forgets the partitions it is done with and closes its session', async () => {
    // About 1 KB a record: partition 1 ends after 3 fetches of 512 KB, partition 2 after 4, partition 0 after 6.
    const topic = await kafka.createTopic(3);
    const sizes = [3000, 1200, 2000];
    const pad = 'x'.repeat(950);
    for (const [partition, count] of sizes.entries())
      await produceMany(
        topic,
        count,
        (i) => ({
          partition,
          value: `${i % 150 === 0 ? 'needle' : 'hay'} ${partition}-${i} ${pad}`,
        }),
        { batch: 500 },
      );
    const id = await topicId(topic);
    const expected = sizes.flatMap((count, partition) =>
      Array.from({ length: count }, (_, i) => i)
        .filter((i) => i % 150 === 0)
        .map((i) => ({ partition, offset: i })),
    );

    const before = sent.length;
    const query = 'searchByValue=needle';
    const plain = await search(without, topic, query);
    expect(sent.slice(before).every((f) => f.sessionId === 0 && f.epoch === -1)).toBe(true);
    const incremental = await search(withSessions, topic, query);
    expect(plain.map(({ partition, offset }) => ({ partition, offset }))).toEqual(expected);
    expect(incremental).toEqual(plain);

    const fetches = sessionFetches(id);
    // The session lived past its full fetch: incremental epochs, partition 1 forgotten once read through.
    expect(fetches.some((f) => f.epoch >= 2)).toBe(true);
    expect(fetches.flatMap((f) => f.forgotten.get(id) ?? [])).toContain(1);
    await expectClosed(new Set(fetches.map((f) => f.sessionId)));

    // Newest first reads in windows, one reader each; a page with a filter reads through several fetches.
    const newest = await search(withSessions, topic, `${query}&sort=NEWEST`);
    expect(newest).toEqual(await search(without, topic, `${query}&sort=NEWEST`));
    const page = async (app: RunningApp) => {
      const res = await fetch(`${app.url}/api/local/topic/${topic}/data?searchByValue=needle`);
      expect(res.status).toBe(200);
      return found(((await res.json()) as { results: DataRecord[] }).results);
    };
    expect(await page(withSessions)).toEqual(await page(without));
    await expectClosed(new Set(sessionFetches(id).map((f) => f.sessionId)));
  });

  it('a live tail gets the same records with and without, carries on when the broker loses its session, and closes it', async () => {
    const topic = await kafka.createTopic(4);
    await ready(topic, 4);
    const id = await topicId(topic);
    const mark = sent.length;
    // The incremental fetches of the tail's session (nothing else uses sessions meanwhile).
    const tailFetches = () => sent.slice(mark).filter((f) => f.sessionId !== 0 && f.epoch >= 1);
    const tails = [withSessions, without].map((app) => openTail(app, topic));
    await Promise.all(tails.map((t) => t.ready));

    // Partitions 2 and 3 stay idle: once the session is up, fetches stop naming them.
    await produceMany(topic, 40, (i) => ({ partition: i % 2, value: `first ${i}` }));
    await Promise.all(tails.map((t) => t.until(40)));
    await expect.poll(() => tailFetches().length, { timeout: 10_000 }).toBeGreaterThan(1);
    expect(tailFetches().some((f) => f.named.size === 0)).toBe(true);
    expect(tailFetches().every((f) => !f.named.get(id)?.some((p) => p >= 2))).toBe(true);

    // The broker forgets the session (as when it evicts it): the tail's next fetch gets
    // FETCH_SESSION_ID_NOT_FOUND, goes again as a full fetch and opens a new session.
    const lost = tailFetches().at(-1)?.sessionId ?? 0;
    const resets = fetchSessionStats.resets;
    expect(await askBroker(lost, -1)).toBe(0);
    await expect.poll(() => fetchSessionStats.resets, { timeout: 10_000 }).toBeGreaterThan(resets);
    await produceMany(topic, 40, (i) => ({ partition: i % 4, value: `second ${i}` }));
    const [incremental, plain] = await Promise.all(tails.map((t) => t.until(80)));
    expect(found(plain ?? [])).toHaveLength(80);
    expect(found(incremental ?? [])).toEqual(found(plain ?? []));
    const sessions = new Set(tailFetches().map((f) => f.sessionId));
    expect([...sessions].filter((s) => s !== lost).length).toBeGreaterThan(0);

    for (const t of tails) t.close();
    await expectClosed(sessions);
  });

  it('with no session slot free on the broker, a tail reads the same records with full fetches, and opens a session once one frees', async () => {
    // The tail reads one partition: a session of one partition never evicts another by size (KIP-227
    // lets only a bigger session do that), so while the cache is full it gets no slot.
    const topic = await kafka.createTopic(1);
    await ready(topic, 1);
    const id = await topicId(topic);
    // Fill the broker's session cache with sessions of our own until it refuses 16 in a row (8 shards).
    const [broker] = await kafka.admin.describeConfigs({
      resources: [{ resourceType: 4, resourceName: '1', configurationKeys: [SLOTS] }],
    });
    const slots = Number(broker?.configs.find((c) => c.name === SLOTS)?.value ?? 1000);
    const filler = await topicId(await kafka.createTopic(1));
    const held: number[] = [];
    let refused = 0;
    try {
      for (let i = 0; i < slots + 200 && refused < 16; i += 10) {
        const ids = await Promise.all(Array.from({ length: 10 }, () => openSession(filler)));
        for (const opened of ids) {
          if (opened) held.push(opened);
          refused = opened ? 0 : refused + 1;
        }
      }
      expect(refused).toBeGreaterThanOrEqual(16);

      const mark = sent.length;
      const tails = [withSessions, without].map((app) => openTail(app, topic));
      await Promise.all(tails.map((t) => t.ready));
      await produceMany(topic, 30, (i) => ({ partition: 0, value: `full ${i}` }));
      const [incremental, plain] = await Promise.all(tails.map((t) => t.until(30)));
      expect(found(plain ?? [])).toHaveLength(30);
      expect(found(incremental ?? [])).toEqual(found(plain ?? []));
      // Its first request for a session was refused: it asked again with the next full fetch.
      const asked = () => sent.slice(mark).filter((f) => f.epoch === 0 && f.named.has(id)).length;
      await expect.poll(asked, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);

      await Promise.all(held.splice(0).map((s) => askBroker(s, -1)));
      const incrementalFetches = () => sent.slice(mark).filter((f) => f.sessionId !== 0 && f.epoch >= 1);
      await expect.poll(() => incrementalFetches().length, { timeout: 10_000 }).toBeGreaterThan(0);
      await produceMany(topic, 30, (i) => ({ partition: 0, value: `incremental ${i}` }));
      const [after, plainAfter] = await Promise.all(tails.map((t) => t.until(60)));
      expect(found(after ?? [])).toEqual(found(plainAfter ?? []));
      for (const t of tails) t.close();
      await expectClosed(new Set(incrementalFetches().map((f) => f.sessionId)));
    } finally {
      await Promise.all(held.map((s) => askBroker(s, -1).catch(() => undefined)));
    }
  });
});

/** A live tail on `topic`: ready once its starting offsets came; `until(n)` reads until n records came. */
function openTail(app: RunningApp, topic: string) {
  const controller = new AbortController();
  const records: DataRecord[] = [];
  const opened = fetch(`${app.url}/api/local/tail/sse?topics=${topic}`, { signal: controller.signal }).then(
    (res) => sseMessages(res),
  );
  const ready = opened.then((events) => events.next());
  const until = async (count: number) => {
    const events = await opened;
    await ready;
    const deadline = setTimeout(() => controller.abort(), 20_000);
    try {
      while (records.length < count) {
        const next = await events.next();
        if (next.done) break;
        records.push(...((next.value.data as TailBody).records ?? []));
      }
    } finally {
      clearTimeout(deadline);
    }
    return records;
  };
  return { ready, until, close: () => controller.abort() };
}
