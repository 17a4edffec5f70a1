import { randomUUID } from 'node:crypto';
import { Consumer, stringDeserializers } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupLagTime, GroupList } from '../../../packages/contract/src/index.ts';
import { type BuiltRequest, requestsChannel } from '../../../packages/server/src/kafka/protocol.ts';
import { type RunningApp, request, startApp } from '../../support/app.ts';
import { consoleConsume } from '../../support/console-consumer.ts';
import { bootstrap, testKafka } from '../../support/kafka.ts';
import { sha256, withSecurity } from '../../support/security.ts';

/**
 * Lag in time on the real broker: records written with chosen timestamps, a real consumer group that
 * commits part of them, and Kafka's own console consumer reading the record at the committed offset.
 */
const kafka = testKafka();
const MINUTE = 60_000;
const tag = randomUUID().slice(0, 8);
const pub = `pub-${tag}-lt`;
const secret = `secret-${tag}-lt`;
const ownGroups = [
  `test-group-lt-${tag}-old`,
  `test-group-lt-${tag}-new`,
  `test-group-lt-${tag}-none`,
] as const;
let app: RunningApp;
let topic: string;
let consumed: string;
const now = Date.now();

const basic = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:pw`).toString('base64')}` });
const secured = withSecurity({
  defaultGroup: null,
  roles: {
    'topic-read': [{ resources: ['TOPIC'], actions: ['READ'] }],
    'group-read': [{ resources: ['CONSUMER_GROUP'], actions: ['READ'] }],
    all: [{ resources: ['TOPIC', 'CONSUMER_GROUP'], actions: ['READ'] }],
  },
  groups: {
    limited: [
      { role: 'topic-read', patterns: ['pub-.*'] },
      { role: 'group-read', patterns: ['.*'] },
    ],
    admin: [{ role: 'all' }],
  },
  users: [
    { username: 'limited', password: sha256('pw'), groups: ['limited'] },
    { username: 'admin', password: sha256('pw'), groups: ['admin'] },
  ],
});

/** A consumer of a group of its own that reads every record and commits only those `processed` keeps. */
async function consumeAndCommit(
  t: string,
  count: number,
  processed: (partition: number, offset: number) => boolean,
) {
  const groupId = `test-group-lt-consumer-${tag}`;
  const consumer = new Consumer({
    groupId,
    clientId: 'console-tests-lag-time',
    bootstrapBrokers: [bootstrap()],
    sessionTimeout: 10_000,
    heartbeatInterval: 500,
    deserializers: stringDeserializers,
  });
  try {
    const stream = await consumer.consume({ topics: [t], mode: 'earliest', autocommit: false });
    let seen = 0;
    for await (const message of stream) {
      if (processed(message.partition, Number(message.offset))) await message.commit();
      if (++seen === count) break;
    }
    await stream.close();
  } finally {
    await consumer.close(true);
  }
  return groupId;
}

beforeAll(async () => {
  app = await startApp((c) => secured(c));
  topic = await kafka.createTopic(2);
  await kafka.produce(topic, [
    { partition: 0, value: 'a', timestamp: new Date(now - 10 * MINUTE) },
    { partition: 0, value: 'b', timestamp: new Date(now - 5 * MINUTE) },
    { partition: 0, value: 'c', timestamp: new Date(now - MINUTE) },
    { partition: 1, value: 'd', timestamp: new Date(now - 3 * MINUTE) },
    { partition: 1, value: 'e', timestamp: new Date(now - 2 * MINUTE) },
  ]);
  // Processed: the first record of partition 0, all of partition 1.
  consumed = await consumeAndCommit(topic, 5, (partition, offset) => partition === 1 || offset === 0);
  await kafka.createTopic(1, { name: pub });
  await kafka.createTopic(1, { name: secret });
  await kafka.produce(pub, [{ partition: 0, value: 'p', timestamp: new Date(now - 20 * MINUTE) }]);
  await kafka.produce(secret, [{ partition: 0, value: 's', timestamp: new Date(now - 40 * MINUTE) }]);
  // For the sort: one group 10 minutes behind, one 1 minute behind, one not behind.
  for (const [groupId, offset] of [
    [ownGroups[0], 0],
    [ownGroups[1], 2],
    [ownGroups[2], 3],
  ] as const)
    await kafka.admin.alterConsumerGroupOffsets({
      groupId,
      topics: [{ name: topic, partitionOffsets: [{ partition: 0, offset: BigInt(offset) }] }],
    });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await kafka.admin
    .deleteGroups({ groups: [consumed, ...ownGroups, `test-group-lt-mixed-${tag}`] })
    .catch(() => undefined);
  await kafka.cleanup();
});

const get = (path: string, user = 'admin') =>
  request(`${app.url}/api/local${path}`, { headers: basic(user) });

describe('GET /api/{cluster}/group/{group}/lag-time', () => {
  it("answers lagMs within a second of now − the timestamp Kafka's console consumer reads at the committed offset", async () => {
    const offsets = (await get(`/group/${consumed}/offsets`)).body as { partition: number; offset: number }[];
    expect(offsets.map((o) => [o.partition, o.offset])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    const [next] = await consoleConsume(topic, 0, 1, 1);
    expect(next?.offset).toBe(1);
    const before = Date.now();
    const { status, body } = await get(`/group/${consumed}/lag-time`);
    const after = Date.now();
    expect(status).toBe(200);
    const answer = body as GroupLagTime;
    const [p0, p1] = answer.partitions;
    expect(p0).toMatchObject({ topic, partition: 0, lag: 2 });
    const timestamp = next?.timestamp ?? 0;
    expect(p0?.lagMs).toBeGreaterThanOrEqual(before - timestamp - 1_000);
    expect(p0?.lagMs).toBeLessThanOrEqual(after - timestamp + 1_000);
    // A partition the group has read to its end: no lag, in records or in time.
    expect(p1).toEqual({ topic, partition: 1, lag: 0, lagMs: 0 });
    expect(answer.lag).toBe(2);
    expect(answer.maxLagMs).toBe(p0?.lagMs);
    // Nobody consumes: the lag is not shrinking, so no time to clear; measured from samples of its own.
    expect(answer.timeToClearMs).toBeNull();
    expect(answer.rate).toMatchObject({ source: 'SAMPLES', drainPerSecond: 0 });
  });

  it('answers 0 lag time and 0 time to clear for a group that read everything', async () => {
    const { body } = await get(`/group/${ownGroups[2]}/lag-time`);
    expect(body).toMatchObject({
      partitions: [{ topic, partition: 0, lag: 0, lagMs: 0 }],
      lag: 0,
      maxLagMs: 0,
      timeToClearMs: 0,
    });
  });

  it('measures time to clear from two samples when the committed offset moves forward', async () => {
    const id = await kafka.commitOffsets(topic, [0]);
    const first = (await get(`/group/${id}/lag-time`)).body as GroupLagTime;
    expect(first.lag).toBe(3);
    expect(first.maxLagMs).toBeGreaterThanOrEqual(10 * MINUTE - 1_000);
    await kafka.admin.alterConsumerGroupOffsets({
      groupId: id,
      topics: [{ name: topic, partitionOffsets: [{ partition: 0, offset: 2n }] }],
    });
    // Past the 5 s an answer is kept: the next one compares with the earlier sample.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const second = (await get(`/group/${id}/lag-time`)).body as GroupLagTime;
    expect(second.lag).toBe(1);
    expect(second.rate?.source).toBe('SAMPLES');
    expect(second.rate?.drainPerSecond).toBeGreaterThan(0);
    // 2 records cleared in the window: the one left clears in half of it.
    const window = second.rate?.windowMs ?? 0;
    expect(second.timeToClearMs).toBeGreaterThanOrEqual(Math.floor(window / 2) - 1);
    expect(second.timeToClearMs).toBeLessThanOrEqual(Math.ceil(window / 2) + 1);
  });

  it('leaves out topics the caller may not read, and does not count them', async () => {
    const groupId = `test-group-lt-mixed-${tag}`;
    await kafka.admin.alterConsumerGroupOffsets({
      groupId,
      topics: [pub, secret].map((name) => ({ name, partitionOffsets: [{ partition: 0, offset: 0n }] })),
    });
    const limited = (await get(`/group/${groupId}/lag-time`, 'limited')).body as GroupLagTime;
    expect(limited.partitions.map((p) => p.topic)).toEqual([pub]);
    expect(limited.lag).toBe(1);
    expect(limited.maxLagMs).toBeLessThan(30 * MINUTE);
    const admin = (await get(`/group/${groupId}/lag-time`)).body as GroupLagTime;
    expect(admin.partitions.map((p) => p.topic).sort()).toEqual([pub, secret].sort());
    expect(admin.maxLagMs).toBeGreaterThanOrEqual(40 * MINUTE - 1_000);
  });

  it('answers 404 for a group Kafka does not know, 401 without credentials', async () => {
    const unknown = await get(`/group/no-such-group-${tag}/lag-time`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'NOT_FOUND',
      message: `Consumer group 'no-such-group-${tag}' doesn't exist`,
    });
    expect((await request(`${app.url}/api/local/group/${consumed}/lag-time`)).status).toBe(401);
  });
});

describe('the cost of lag in time', () => {
  it('reads a group lagging on 1,000 partitions in a few batched fetches, not 1,000', async () => {
    const wide = await kafka.createTopic(1_000);
    const partitions = Array.from({ length: 1_000 }, (_, partition) => partition);
    const written = Date.now() - 7 * MINUTE;
    await kafka.produce(
      wide,
      partitions.map((partition) => ({ partition, value: 'x', timestamp: new Date(written) })),
    );
    const id = await kafka.commitOffsets(
      wide,
      partitions.map(() => 0),
    );
    const fetches: BuiltRequest[] = [];
    const record = (message: unknown) => {
      if ((message as BuiltRequest).api === 'Fetch') fetches.push(message as BuiltRequest);
    };
    requestsChannel.subscribe(record);
    try {
      const before = Date.now();
      const answer = (await get(`/group/${id}/lag-time`)).body as GroupLagTime;
      const after = Date.now();
      expect(answer.partitions).toHaveLength(1_000);
      const lagMs = answer.partitions.map((p) => p.lagMs ?? -1);
      expect(Math.min(...lagMs)).toBeGreaterThanOrEqual(before - written - 1_000);
      expect(Math.max(...lagMs)).toBeLessThanOrEqual(after - written + 1_000);
    } finally {
      requestsChannel.unsubscribe(record);
    }
    // One broker: 1,000 partitions at 32 KiB each in requests of 4 MiB at most, 128 a request.
    const named = fetches.map((f) =>
      (f.args[6] as { partitions: unknown[] }[]).reduce((n, t) => n + t.partitions.length, 0),
    );
    expect(fetches.length).toBeLessThanOrEqual(8);
    expect(Math.max(...named)).toBeLessThanOrEqual(128);
    expect(named.reduce((a, b) => a + b, 0)).toBe(1_000);
  });
});

describe('the group list sorted by time lag', () => {
  it('orders groups by their oldest record not consumed, answers that time lag with each, and names a bad sort in 400', async () => {
    const page = (await get(`/group?search=lt-${tag}&sort=lagTime&order=desc`)).body as GroupList;
    expect(page.results.map((g) => g.id)).toEqual([ownGroups[0], ownGroups[1], ownGroups[2]]);
    // Each group carries the time lag it was sorted by: 10 minutes, 1 minute, none.
    const [old, fresh, none] = page.results.map((g) => g.maxLagMs ?? -1);
    expect(old).toBeGreaterThanOrEqual(10 * MINUTE - 1_000);
    expect(fresh).toBeGreaterThanOrEqual(MINUTE - 1_000);
    expect(fresh).toBeLessThan(2 * MINUTE);
    expect(none).toBe(0);
    const asc = (await get(`/group?search=lt-${tag}&sort=lagTime`)).body as GroupList;
    expect(asc.results.map((g) => g.id)).toEqual([ownGroups[2], ownGroups[1], ownGroups[0]]);
    const bad = await get('/group?sort=lagTimes');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field)).toEqual(['querystring.sort']);
  });
});
