import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Consumer } from '@platformatic/kafka';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { LagHistory } from '../../../packages/contract/src/index.ts';
import { type ConsoleProcess, startConsoleProcess } from '../../support/console-process.ts';
import { bootstrap, testKafka } from '../../support/kafka.ts';

/**
 * Lag history with replicas: two console processes (the production bundle) with the same config.
 * Only one samples (each record names its sampler in a header), both answer the same history, and when
 * the sampler stops the other takes over through the election group.
 */
const kafka = testKafka();
const historyTopic = `_console_lag_history_test-${randomUUID()}`;
const electionGroup = `test-group-lag-election-${randomUUID()}`;
let dir: string;
let consoles: ConsoleProcess[] = [];
let group: string;

beforeAll(async () => {
  const topic = await kafka.createTopic(2);
  await kafka.produce(
    topic,
    [0, 1, 0, 1, 0].map((partition, i) => ({ partition, value: `v${i}` })),
  );
  group = await kafka.commitOffsets(topic, [0, 0]);
  dir = await mkdtemp(join(tmpdir(), 'lag-replicas-'));
  const config = parse(await readFile(process.env.STACK_CONFIG_FILE ?? '', 'utf8'));
  const file = join(dir, 'console.yaml');
  await writeFile(
    file,
    stringify({
      ...config,
      groupIndex: { refreshMs: 1_000 },
      lagHistory: { enabled: true, intervalMs: 400, topic: historyTopic, electionGroup },
    }),
  );
  consoles = await Promise.all([startConsoleProcess(file), startConsoleProcess(file)]);
}, 30_000);
afterAll(async () => {
  for (const c of consoles) c.stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await kafka.admin.deleteGroups({ groups: [electionGroup] }).catch(() => undefined);
  kafka.track(historyTopic);
  await kafka.cleanup();
  await rm(dir, { recursive: true, force: true });
});

const history = async (on: ConsoleProcess, query = '') => {
  const res = await fetch(`${on.url}/api/local/group/${group}/lag-history${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as LagHistory).points;
};

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Who wrote each record of the history topic from `since` on (the `console-replica` header: host:pid). */
async function samplers(since: number): Promise<Set<string>> {
  const reader = new Consumer({
    groupId: `test-group-${randomUUID()}`,
    clientId: 'console-tests-lag-replicas',
    bootstrapBrokers: [bootstrap()],
  });
  const found = new Set<string>();
  try {
    const end =
      (
        await kafka.admin.listOffsets({
          topics: [{ name: historyTopic, partitions: [{ partitionIndex: 0, timestamp: -1n }] }],
        })
      )[0]?.partitions[0]?.offset ?? 0n;
    const stream = await reader.consume({ topics: [historyTopic], mode: 'earliest' });
    for await (const message of stream) {
      if (Number(message.timestamp) >= since)
        for (const [k, v] of message.headers) if (String(k) === 'console-replica') found.add(String(v));
      if (message.offset >= end - 1n) break;
    }
    await stream.close();
  } finally {
    await reader.close(true);
    await kafka.admin.deleteGroups({ groups: [reader.groupId] }).catch(() => undefined);
  }
  return found;
}

it('samples on one replica only, answers the same history on both, and fails over', async () => {
  const [a, b] = consoles as [ConsoleProcess, ConsoleProcess];
  const started = Date.now();
  await until(async () => (await history(a)).filter((p) => p.timestamp < Date.now() - 1_000).length >= 4);
  const to = Date.now() - 1_000;
  const range = `?from=${started - 60_000}&to=${to}`;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const [onA, onB] = await Promise.all([history(a, range), history(b, range)]);
  expect(onA.length).toBeGreaterThanOrEqual(4);
  expect(onA.every((p) => p.lag === 5)).toBe(true);
  expect(onB).toEqual(onA);

  // Once both have joined the election group, one replica samples: the replica that started first may
  // have sampled alone before the second joined and took the partition over.
  const settled = Date.now();
  await until(async () => (await history(a)).filter((p) => p.timestamp > settled).length >= 3);
  const writers = await samplers(settled);
  expect(writers.size).toBe(1);
  const [writer] = [...writers];
  const sampler = consoles.find((c) => writer?.endsWith(`:${c.pid}`));
  const survivor = consoles.find((c) => c !== sampler);
  expect(sampler).toBeDefined();
  sampler?.stop();
  const stopped = Date.now();
  await until(async () =>
    (await history(survivor as ConsoleProcess)).some((p) => p.timestamp > stopped + 500),
  );
  expect([...(await samplers(stopped + 500))]).toEqual([
    expect.stringMatching(new RegExp(`:${survivor?.pid}$`)),
  ]);
}, 60_000);
