// A broker down on a 3-node cluster of this file's own: what a user sees of a topic with one partition on
// each broker while broker 3 is gone, and that the console recovers once it is back, without a restart.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Admin, Producer } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataRecord, RecordPage, TailBody } from '../../../packages/contract/src/index.ts';
import {
  type ClusterState,
  startCluster,
  startNode,
  stopCluster,
  stopNode,
} from '../../stack/kafka-cluster.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { uniqueName } from '../../support/kafka.ts';
import { onCluster } from '../../support/kafka-cluster.ts';
import { sseMessages } from '../../support/records.ts';

const dir = mkdtempSync(join(tmpdir(), 'broker-down-'));
let cluster: ClusterState;
let admin: Admin;
let producer: Producer;
let app: RunningApp;
let group: string;
let tail: Awaited<ReturnType<typeof openTail>>;
const topic = uniqueName('topic');
const api = (path: string) => `${app.url}/api/three${path}`;

/** `count` records to each partition, values `p<partition>-<n>` from `from`. */
async function produce(partitions: number[], from: number, count: number) {
  const timer = setTimeout(() => process.stderr.write('produce still waiting after 10 s\n'), 10_000);
  await producer
    .send({
      messages: partitions.flatMap((partition) =>
        Array.from({ length: count }, (_, i) => ({
          topic,
          partition,
          value: Buffer.from(`p${partition}-${from + i}`),
        })),
      ),
    })
    .finally(() => clearTimeout(timer));
}

/** The partition's leader; -1 while it has none (the client refuses metadata with a leaderless partition). */
async function leaderOf(partition: number): Promise<number> {
  const meta = await admin.metadata({ topics: [topic], forceUpdate: true }).catch(() => undefined);
  return meta?.topics.get(topic)?.partitions[partition]?.leader ?? -1;
}

/** A group with committed offsets on the topic whose coordinator is broker `id`. */
async function groupLedBy(id: number): Promise<string> {
  const seen: string[] = [];
  for (let i = 0; i < 50; i++) {
    const groupId = uniqueName('group');
    // The offsets topic is made on the first lookup: until it has leaders, the lookup fails.
    const found = await admin.findCoordinator({ keyType: 0, keys: [groupId] }).catch((e: Error) => e.message);
    const coordinator = typeof found === 'string' ? undefined : found[0]?.nodeId;
    seen.push(JSON.stringify(found));
    if (coordinator === undefined) await new Promise((r) => setTimeout(r, 500));
    if (coordinator !== id) continue;
    await admin.alterConsumerGroupOffsets({
      groupId,
      topics: [{ name: topic, partitionOffsets: [0, 1, 2].map((partition) => ({ partition, offset: 5n })) }],
    });
    return groupId;
  }
  throw new Error(`no group led by broker ${id} in 50 tries: ${seen.slice(-5).join(' ')}`);
}

/** A live tail of the topic from its end: every record it sends, and the offsets it says to resume at. */
async function openTail() {
  const controller = new AbortController();
  const res = await fetch(api(`/tail/sse?topics=${topic}`), { signal: controller.signal });
  expect(res.status).toBe(200);
  const records: DataRecord[] = [];
  const errors: unknown[] = [];
  const reading = (async () => {
    for await (const message of sseMessages(res)) {
      if (message.event === 'tailBody') records.push(...((message.data as TailBody).records ?? []));
      else errors.push(message);
    }
  })().catch(() => undefined);
  return { records, errors, close: () => controller.abort(), reading };
}

/** Waits until the tail has sent `count` records, or fails after `ms`. */
async function tailed(count: number, ms = 30_000) {
  const until = Date.now() + ms;
  while (tail.records.length < count) {
    if (Date.now() > until) {
      throw new Error(
        `the tail sent ${tail.records.length} of ${count} records; events: ${JSON.stringify(tail.errors)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  // The group coordinator's partition is replicated on the three, so it can move when its broker goes.
  cluster = await startCluster(dir, 3, {
    properties: { 'offsets.topic.replication.factor': 3, 'offsets.topic.num.partitions': 3 },
    log: (line) => process.stderr.write(`[cluster] ${line}\n`),
  });
  admin = new Admin({ clientId: 'broker-down-tests', bootstrapBrokers: cluster.bootstrap.split(',') });
  // One partition on each broker, no replicas: broker 3 down takes partition 2 offline.
  await admin.createTopics({
    topics: [topic],
    partitions: -1,
    replicas: -1,
    assignments: [
      { partition: 0, brokers: [1] },
      { partition: 1, brokers: [2] },
      { partition: 2, brokers: [3] },
    ],
  });
  producer = new Producer({
    clientId: 'broker-down-producer',
    bootstrapBrokers: cluster.bootstrap.split(','),
    idempotent: true,
  });
  for (let i = 0; i < 50 && (await leaderOf(2)) !== 3; i++) await new Promise((r) => setTimeout(r, 200));
  await produce([0, 1, 2], 0, 10);
  app = await startApp(onCluster(cluster.bootstrap));
  group = await groupLedBy(3);
  tail = await openTail();
}, 180_000);

afterAll(async () => {
  tail?.close();
  await app?.close();
  await producer?.close();
  await admin?.close();
  await stopCluster(dir, undefined, 0);
});

type Page = RecordPage & { unavailable?: { partition: number; reason: string }[] };

/** The first page, oldest first, and how long it took. */
async function firstPage(): Promise<{ status: number; page: Page; ms: number }> {
  const started = Date.now();
  const res = await fetch(api(`/topic/${topic}/data?sort=OLDEST`));
  return { status: res.status, page: (await res.json()) as Page, ms: Date.now() - started };
}

const partitionsOf = (records: DataRecord[]) => [...new Set(records.map((r) => r.partition))].sort();

describe('broker 3 of 3 down', () => {
  it('answers the records page at once from the partitions it can read, naming the one it cannot', {
    timeout: 120_000,
  }, async () => {
    // Killed: until the controller fences it (its session times out), broker 3 still leads partition 2.
    await stopNode(cluster, 3, 0);
    const early = await firstPage();
    expect(early.status, JSON.stringify(early.page)).toBe(200);
    expect(early.ms).toBeLessThan(15_000);
    expect(partitionsOf(early.page.results)).toEqual([0, 1]);
    expect(early.page.unavailable).toEqual([
      { partition: 2, reason: expect.stringMatching(/broker 3|no leader/) },
    ]);

    for (let i = 0; i < 100 && (await leaderOf(2)) !== -1; i++) await new Promise((r) => setTimeout(r, 300));
    const fenced = await firstPage();
    expect(fenced.status).toBe(200);
    expect(partitionsOf(fenced.page.results)).toEqual([0, 1]);
    expect(fenced.page.unavailable).toEqual([
      { partition: 2, reason: 'no leader: the brokers holding its replicas are down' },
    ]);
  });

  it('ends a search saying which partition it could not read', { timeout: 60_000 }, async () => {
    const res = await fetch(api(`/topic/${topic}/data/search?searchByValue=p1-_C`));
    expect(res.status).toBe(200);
    const events = [];
    for await (const message of sseMessages(res)) events.push(message);
    const end = events.at(-1);
    expect(end?.event).toBe('searchEnd');
    expect(end?.data).toMatchObject({ reason: 'end', unavailable: [{ partition: 2 }] });
    const found = events.flatMap((e) => (e.data as { records?: DataRecord[] }).records ?? []);
    expect(found.map((r) => r.value).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `p1-${i}`).sort());
  });

  it('keeps the topic list and the topic answering, the partition shown without a leader', {
    timeout: 60_000,
  }, async () => {
    const res = await fetch(api(`/topic/${topic}`));
    const body = (await res.json()) as { partitions: { id: number; leader?: unknown }[] };
    expect(res.status).toBe(200);
    expect(body.partitions.find((p) => p.id === 2)?.leader).toBeUndefined();
    expect(body.partitions.find((p) => p.id === 0)?.leader).toBeDefined();
    const list = await fetch(api(`/topic?search=${topic}`));
    expect(list.status).toBe(200);
  });
});

describe('broker 3 of 3 down: groups and live tails', () => {
  it('answers the group page once its coordinator moved to another broker', { timeout: 60_000 }, async () => {
    let status = 0;
    let body: { id?: string; state?: string } = {};
    for (let i = 0; i < 40 && status !== 200; i++) {
      const res = await fetch(api(`/group/${group}`));
      status = res.status;
      body = (await res.json()) as typeof body;
      if (status !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.id).toBe(group);
    const offsets = await fetch(api(`/group/${group}/offsets`));
    expect(offsets.status).toBe(200);
  });

  it('keeps a live tail going on the partitions that have a leader', { timeout: 60_000 }, async () => {
    // Through the console: it writes to partitions that have a leader while another has none.
    for (const partition of [0, 1]) {
      for (let i = 10; i < 15; i++) {
        const res = await fetch(api(`/topic/${topic}/data`), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ partition, value: `p${partition}-${i}` }),
          signal: AbortSignal.timeout(15_000),
        });
        expect(res.status, await res.text()).toBe(200);
      }
    }
    await tailed(10);
    expect(tail.errors).toEqual([]);
    expect(partitionsOf(tail.records)).toEqual([0, 1]);
  });
});

describe('broker 3 back', () => {
  it('reads every partition again without a restart of the console', { timeout: 180_000 }, async () => {
    await startNode(dir, cluster, 3);
    for (let i = 0; i < 100 && (await leaderOf(2)) !== 3; i++) await new Promise((r) => setTimeout(r, 300));
    const res = await fetch(api(`/topic/${topic}/data?sort=OLDEST`));
    const page = (await res.json()) as RecordPage & { unavailable?: unknown };
    expect(res.status).toBe(200);
    expect(new Set(page.results.map((r: DataRecord) => r.partition))).toEqual(new Set([0, 1, 2]));
    expect(page.unavailable).toBeUndefined();
  });

  it('picks partition 2 up in the live tail: every record once, offsets contiguous per partition', {
    timeout: 90_000,
  }, async () => {
    await produce([0, 1, 2], 20, 5);
    await tailed(25);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(tail.errors).toEqual([]);
    for (const partition of [0, 1, 2]) {
      const offsets = tail.records.filter((r) => r.partition === partition).map((r) => r.offset);
      // From where the tail started (offset 10 of each); partition 2 had no records written while down.
      const count = partition === 2 ? 5 : 10;
      expect(offsets, `partition ${partition}`).toEqual(Array.from({ length: count }, (_, i) => 10 + i));
    }
  });
});
