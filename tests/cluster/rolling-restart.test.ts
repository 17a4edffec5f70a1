// A rolling restart of a 3-node cluster of this file's own under 50 live tails, a producer that keeps
// writing and searches that keep running: no tail sees an error or misses or repeats a record, and every
// search ends (docs/behaviour.md#a-broker-down).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Admin, Producer } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataRecord, Partition, TailBody } from '../../packages/contract/src/index.ts';
import { type ClusterState, startCluster, startNode, stopCluster, stopNode } from '../stack/kafka-cluster.ts';
import { type RunningApp, startApp } from '../support/app.ts';
import { uniqueName } from '../support/kafka.ts';
import { onCluster } from '../support/kafka-cluster.ts';
import { sseMessages } from '../support/records.ts';

const TAILS = 50;
const PARTITIONS = 6;
const dir = mkdtempSync(join(tmpdir(), 'rolling-restart-'));
let cluster: ClusterState;
let admin: Admin;
let producer: Producer;
let app: RunningApp;
const live = uniqueName('topic');
const big = uniqueName('topic');
const api = (path: string) => `${app.url}/api/three${path}`;

type Tail = { start: Map<number, number>; records: DataRecord[]; errors: unknown[]; close: () => void };

/** A live tail of `live` from its end: where it started per partition, every record and every other event. */
async function openTail(): Promise<Tail> {
  const controller = new AbortController();
  const res = await fetch(api(`/tail/sse?topics=${live}`), { signal: controller.signal });
  expect(res.status).toBe(200);
  const events = sseMessages(res);
  const first = await events.next();
  const start = new Map(
    ((first.value?.data as TailBody | undefined)?.offsets ?? []).map((o) => {
      const [, partition, offset] = o.split(',');
      return [Number(partition), Number(offset)] as const;
    }),
  );
  const tail: Tail = { start, records: [], errors: [], close: () => controller.abort() };
  (async () => {
    for await (const message of events) {
      if (message.event === 'tailBody') tail.records.push(...((message.data as TailBody).records ?? []));
      else tail.errors.push(message);
    }
  })().catch(() => undefined);
  return tail;
}

/** Whether every partition of `live` has its three replicas in sync again. */
async function allInSync(): Promise<boolean> {
  const res = await fetch(api(`/topic/${live}/partitions`));
  if (res.status !== 200) return false;
  const partitions = (await res.json()) as Partition[];
  return partitions.every((p) => p.leader && p.nodes.length === 3 && p.nodes.every((n) => n.inSyncReplicas));
}

async function waitFor(check: () => Promise<boolean>, ms: number, what: string) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what} not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  cluster = await startCluster(dir, 3, {
    properties: { 'offsets.topic.replication.factor': 3, 'transaction.state.log.replication.factor': 3 },
    log: (line) => process.stderr.write(`[cluster] ${line}\n`),
  });
  admin = new Admin({ clientId: 'rolling-tests', bootstrapBrokers: cluster.bootstrap.split(',') });
  await admin.createTopics({ topics: [live, big], partitions: PARTITIONS, replicas: 3 });
  producer = new Producer({
    clientId: 'rolling-producer',
    bootstrapBrokers: cluster.bootstrap.split(','),
    idempotent: true,
    retries: 10,
  });
  app = await startApp(onCluster(cluster.bootstrap));
  await waitFor(allInSync, 60_000, 'the topic in sync');
  // A topic a search takes a few seconds to read through.
  for (let batch = 0; batch < 20; batch++) {
    await producer.send({
      messages: Array.from({ length: 5000 }, (_, i) => ({
        topic: big,
        partition: i % PARTITIONS,
        value: Buffer.from(`{"batch":${batch},"n":${i},"pad":"${'x'.repeat(200)}"}`),
      })),
    });
  }
}, 300_000);

afterAll(async () => {
  await app?.close();
  await producer?.close();
  await admin?.close();
  await stopCluster(dir, undefined, 0);
});

describe('a rolling restart of the three brokers', () => {
  it('keeps 50 live tails going with every record once, and every search running meanwhile ends', {
    timeout: 600_000,
  }, async () => {
    const tails = await Promise.all(Array.from({ length: TAILS }, openTail));
    let writing = true;
    let written = 0;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        await producer
          .send({
            messages: Array.from({ length: 12 }, (_, i) => ({
              topic: live,
              partition: i % PARTITIONS,
              value: Buffer.from(`${n}-${i}`),
            })),
          })
          .then(() => {
            written += 12;
          })
          // A send refused while leaders move is tried again by the next round; the tails are checked
          // against what the log holds, not against what was sent.
          .catch(() => undefined);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const searches: { event: string; data: unknown }[] = [];
    let searching = true;
    const searcher = (async () => {
      while (searching) {
        const res = await fetch(api(`/topic/${big}/data/search?searchByValue=no-such-text_C`));
        let last: { event: string; data: unknown } | undefined;
        for await (const message of sseMessages(res)) last = message;
        searches.push(last ?? { event: 'none', data: res.status });
      }
    })();

    for (const id of [1, 2, 3]) {
      await stopNode(cluster, id);
      await new Promise((r) => setTimeout(r, 2_000));
      await startNode(dir, cluster, id);
      await waitFor(allInSync, 120_000, `the replicas in sync after broker ${id}'s restart`);
    }
    writing = false;
    await writer;
    searching = false;
    await searcher;

    const ends = (await (await fetch(api(`/topic/${live}/partitions`))).json()) as Partition[];
    const expected = ends.reduce((n, p) => n + p.lastOffset - (tails[0]?.start.get(p.id) ?? p.lastOffset), 0);
    expect(written).toBeGreaterThan(0);
    await waitFor(
      async () => tails.every((t) => t.records.length >= expected),
      60_000,
      'the tails caught up',
    );
    for (const [i, tail] of tails.entries()) {
      expect(tail.errors, `tail ${i}`).toEqual([]);
      for (const p of ends) {
        const offsets = tail.records.filter((r) => r.partition === p.id).map((r) => r.offset);
        const from = tail.start.get(p.id) ?? 0;
        expect(offsets, `tail ${i}, partition ${p.id}`).toEqual(
          Array.from({ length: p.lastOffset - from }, (_, k) => from + k),
        );
      }
      tail.close();
    }
    expect(searches.length).toBeGreaterThanOrEqual(3);
    for (const s of searches) {
      expect(s.event, JSON.stringify(s.data)).toBe('searchEnd');
      // Leaders move before a broker stops: no partition goes unread.
      expect((s.data as { unavailable?: unknown }).unavailable).toBeUndefined();
    }
  });
});
