/**
 * Lag history benchmark: the cost of one lag sample on the real broker at GROUPS groups
 * (default 2,000) against a reference of 100 groups measured in the same run (Kafka requests by API,
 * time), and the memory of the in-memory history store, a week of 60 s samples for SERIES series (default
 * 300, 3 partitions each; and a thirtieth as many of 100 partitions), with the time to answer a 1 h, 24 h
 * and 7 d range.
 *
 *   set -a; . .stack/env; set +a; node tests/bench/lag/run.ts
 *
 * Writes tests/bench/results/lag.{json,md} and deletes the groups and topic it made.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Admin } from '@platformatic/kafka';
import { GroupIndex } from '../../../packages/server/src/domain/groups/group-index.ts';
import { sampleRecords } from '../../../packages/server/src/domain/lag/history-records.ts';
import { sampleLag } from '../../../packages/server/src/domain/lag/sample.ts';
import { LagStore } from '../../../packages/server/src/domain/lag/store.ts';
import { setRequestLimits } from '../../../packages/server/src/kafka/cluster/request-limits.ts';
import { type BuiltRequest, requestsChannel } from '../../../packages/server/src/kafka/protocol.ts';
import { loadConfig } from '../../../packages/server/src/platform/config/load.ts';
import { consoleConfigFile } from '../../stack/paths.ts';
import { markdownTable } from '../markdown.ts';

const repo = join(import.meta.dirname, '..', '..', '..');
const GROUPS = Number(process.env.GROUPS ?? 2_000);
const SERIES = Number(process.env.SERIES ?? 300);
const REFERENCE = 100;
const config = loadConfig(['--config', process.env.STACK_CONFIG_FILE ?? consoleConfigFile], {});
const bootstrap = config.clusters.local?.properties['bootstrap.servers'] ?? '';
const admin = new Admin({ clientId: 'bench-lag', bootstrapBrokers: bootstrap.split(','), timeout: 120_000 });
setRequestLimits(admin, config.kafkaClient);

const tag = randomUUID().slice(0, 8);
const topic = `bench-lag-${tag}`;
const made: string[] = [];

async function makeGroups(count: number): Promise<void> {
  const ids = Array.from({ length: count - made.length }, (_, i) => `bench-lag-${tag}-${made.length + i}`);
  for (let i = 0; i < ids.length; i += 16) {
    await Promise.all(
      ids.slice(i, i + 16).map((groupId) =>
        admin.alterConsumerGroupOffsets({
          groupId,
          topics: [
            { name: topic, partitionOffsets: [0, 1, 2].map((partition) => ({ partition, offset: 0n })) },
          ],
        }),
      ),
    );
  }
  made.push(...ids);
}

/** One sample over a fresh index: requests by API, ms, points, bytes written. */
async function measureSample() {
  const index = new GroupIndex(admin, 60_000);
  const snapshot = await index.current();
  index.close();
  const counts: Record<string, number> = {};
  const count = (m: unknown) => {
    const api = (m as BuiltRequest).api;
    counts[api] = (counts[api] ?? 0) + 1;
  };
  requestsChannel.subscribe(count);
  const started = performance.now();
  const sample = await sampleLag(admin, snapshot);
  const ms = performance.now() - started;
  requestsChannel.unsubscribe(count);
  const bytes = sampleRecords(sample, 60_000).reduce((s, m) => s + m.key.length + m.value.length, 0);
  return {
    groupsInCluster: snapshot.size,
    points: sample.lags.length,
    ms: Math.round(ms),
    requests: counts,
    bytes,
  };
}

/** A full collection, then time for V8 to free the ArrayBuffers it swept, then another. */
async function settle() {
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 300));
  global.gc?.();
}

async function measureStore(SERIES: number, PARTITIONS: number) {
  const HOUR = 3_600_000;
  const start = Date.UTC(2026, 0, 1);
  await settle();
  // The rings are ArrayBuffers, counted outside the JS heap.
  const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const before = used();
  const store = new LagStore(7 * 24 * HOUR);
  const samples = (7 * 24 * HOUR) / 60_000;
  for (let s = 0; s < samples; s++) {
    const t = start + s * 60_000;
    for (let g = 0; g < SERIES; g++) {
      const lag = (s * 7 + g) % 1000;
      store.add({
        kind: 'point',
        timestamp: t,
        lag: {
          group: `g${g}`,
          topic: 't',
          lag: PARTITIONS * lag,
          partitions: Array.from({ length: PARTITIONS }, (_, p): [number, number] => [p, lag]),
        },
        members: true,
      });
    }
    store.add({ kind: 'end', timestamp: t, points: SERIES });
  }
  await settle();
  const bytesPerSeries = Math.round((used() - before) / SERIES);
  const end = start + samples * 60_000;
  // Per partition for the hour (the only tier that keeps partitions), per topic for the longer ranges.
  const time = (range: number) => {
    const t0 = performance.now();
    const points = store.history('g1', end - range, end, range <= HOUR, () => true).length;
    return { points, ms: Number((performance.now() - t0).toFixed(3)) };
  };
  return {
    series: SERIES,
    partitions: PARTITIONS,
    samplesPerSeries: samples,
    bytesPerSeries,
    query1h: time(HOUR),
    query24h: time(24 * HOUR),
    query7d: time(7 * 24 * HOUR),
  };
}

try {
  await admin.createTopics({ topics: [topic], partitions: 3, replicas: 1 });
  await makeGroups(REFERENCE);
  const reference = await measureSample();
  await makeGroups(GROUPS);
  const large = await measureSample();
  // Many series of a 3-partition topic, and a few of a 100-partition one (per-partition lags dominate).
  const stores = [
    await measureStore(SERIES, 3),
    await measureStore(Math.max(10, Math.round(SERIES / 30)), 100),
  ];
  const result = {
    date: new Date().toISOString(),
    cpus: cpus().length,
    load: loadavg()[0] ?? 0,
    reference,
    large,
    stores,
  };
  writeFileSync(join(repo, 'tests/bench/results/lag.json'), `${JSON.stringify(result, null, 2)}\n`);
  const apis = [...new Set([...Object.keys(reference.requests), ...Object.keys(large.requests)])].sort();
  const md = [
    '# Lag history benchmark',
    '',
    `Run ${result.date} on ${result.cpus} cores (load ${result.load.toFixed(2)}), the stack's Kafka 4.4 broker; \`node --expose-gc tests/bench/lag/run.ts\`.`,
    `Groups are this run's plus whatever else the shared cluster holds (the sample reads every group).`,
    '',
    '## One sample',
    '',
    ...markdownTable([
      ['', 'reference', 'large', 'ratio'],
      [
        'groups in the cluster',
        String(reference.groupsInCluster),
        String(large.groupsInCluster),
        (large.groupsInCluster / reference.groupsInCluster).toFixed(1),
      ],
      [
        'points (group × topic)',
        String(reference.points),
        String(large.points),
        (large.points / Math.max(1, reference.points)).toFixed(1),
      ],
      ['ms', String(reference.ms), String(large.ms), (large.ms / Math.max(1, reference.ms)).toFixed(1)],
      [
        'bytes written',
        String(reference.bytes),
        String(large.bytes),
        (large.bytes / Math.max(1, reference.bytes)).toFixed(1),
      ],
      ...apis.map((api) => [
        `${api} requests`,
        String(reference.requests[api] ?? 0),
        String(large.requests[api] ?? 0),
        ((large.requests[api] ?? 0) / Math.max(1, reference.requests[api] ?? 0)).toFixed(1),
      ]),
    ]),
    '',
    '## The in-memory store',
    '',
    ...markdownTable([
      [
        'series',
        'partitions',
        'samples each',
        'memory per series',
        '1 h per partition (points, ms)',
        '24 h per topic',
        '7 d per topic',
      ],
      ...stores.map((store) => [
        String(store.series),
        String(store.partitions),
        String(store.samplesPerSeries),
        `${(store.bytesPerSeries / 1024).toFixed(1)} KiB`,
        `${store.query1h.points}, ${store.query1h.ms}`,
        `${store.query24h.points}, ${store.query24h.ms}`,
        `${store.query7d.points}, ${store.query7d.ms}`,
      ]),
    ]),
    '',
  ];
  writeFileSync(join(repo, 'tests/bench/results/lag.md'), md.join('\n'));
  console.log(md.join('\n'));
} finally {
  for (let i = 0; i < made.length; i += 500)
    await admin.deleteGroups({ groups: made.slice(i, i + 500) }).catch(() => undefined);
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.close();
}
