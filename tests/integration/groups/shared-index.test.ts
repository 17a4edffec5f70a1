import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { ConsumerGroup } from '../../../packages/contract/src/index.ts';
import { type ConsoleProcess, startConsoleProcess } from '../../support/console-process.ts';
import { testKafka } from '../../support/kafka.ts';

/**
 * The group index shared by replicas (config groupIndex.sharedTopic): two console processes (the
 * production bundle, `pnpm build` first) with the same config. The one elected for lag sampling builds
 * the index and publishes it; the other makes none of the index's broker requests and answers the same
 * groups from the topic, with the publisher's age; when the publisher stops, the other takes over within
 * one refresh interval. Requests are counted by the console's own /metrics (console_kafka_requests_total).
 */
const kafka = testKafka();
const REFRESH_MS = 8_000;
const INDEX_APIS = ['ListGroups', 'OffsetFetch', 'DescribeGroups', 'ConsumerGroupDescribe'];
const sharedTopic = `_console_group_index_test-${randomUUID()}`;
const historyTopic = `_console_lag_history_test-${randomUUID()}`;
const electionGroup = `test-group-index-election-${randomUUID()}`;
let dir: string;
let consoles: ConsoleProcess[] = [];
let topic: string;

beforeAll(async () => {
  topic = await kafka.createTopic(2);
  await kafka.produce(topic, [
    { partition: 0, value: 'a' },
    { partition: 1, value: 'b' },
  ]);
  await kafka.commitOffsets(topic, [1, 0]);
  dir = await mkdtemp(join(tmpdir(), 'shared-index-'));
  const config = parse(await readFile(process.env.STACK_CONFIG_FILE ?? '', 'utf8'));
  const file = join(dir, 'console.yaml');
  await writeFile(
    file,
    stringify({
      ...config,
      groupIndex: { refreshMs: REFRESH_MS, sharedTopic },
      lagHistory: { enabled: true, intervalMs: 60_000, topic: historyTopic, electionGroup },
    }),
  );
  // One first, publishing alone, then the second: it reads what the first published.
  consoles.push(await startConsoleProcess(file));
  await until(async () => (await publishing(consoles[0] as ConsoleProcess)) === 1, 30_000);
  consoles.push(await startConsoleProcess(file));
  // Both in the election group, settled: the partition may have moved to the second.
  await until(async () => {
    const group = (await kafka.admin.describeGroups({ groups: [electionGroup] })).get(electionGroup);
    return String(group?.state).toUpperCase() === 'STABLE' && group?.members.size === 2;
  }, 30_000);
}, 90_000);
afterAll(async () => {
  for (const c of consoles) c.stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await kafka.admin.deleteGroups({ groups: [electionGroup] }).catch(() => undefined);
  kafka.track(sharedTopic);
  kafka.track(historyTopic);
  await kafka.cleanup();
  await rm(dir, { recursive: true, force: true });
});

async function metrics(on: ConsoleProcess): Promise<string> {
  const res = await fetch(`${on.url}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}
const publishing = async (on: ConsoleProcess) =>
  Number(/^console_group_index_publishing\{cluster="local"\} (\d+)$/m.exec(await metrics(on))?.[1] ?? -1);
/** The index's broker requests this replica made so far, by API. */
async function indexRequests(on: ConsoleProcess): Promise<Record<string, number>> {
  const text = await metrics(on);
  return Object.fromEntries(
    INDEX_APIS.map((api) => [
      api,
      Number(new RegExp(`^console_kafka_requests_total\\{api="${api}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0),
    ]),
  );
}
const since = (before: Record<string, number>, after: Record<string, number>) =>
  Object.fromEntries(INDEX_APIS.map((api) => [api, (after[api] ?? 0) - (before[api] ?? 0)]));

async function readersOf(on: ConsoleProcess): Promise<{ ids: string[]; age: number }> {
  const res = await fetch(`${on.url}/api/local/group/topics?topics=${topic}`);
  expect(res.status).toBe(200);
  const ids = ((await res.json()) as ConsumerGroup[]).map((g) => g.id).sort();
  return { ids, age: Number(res.headers.get('x-groups-index-age')) };
}

async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Date.now() - started;
}

/** The replica publishing and the other, once the election has settled on one. */
async function roles(): Promise<{ publisher: ConsoleProcess; follower: ConsoleProcess }> {
  let found: ConsoleProcess[] = [];
  await until(async () => {
    const flags = await Promise.all(consoles.map(publishing));
    found = consoles.filter((_, i) => flags[i] === 1);
    return found.length === 1 && flags.every((f) => f === 0 || f === 1);
  }, 30_000);
  const publisher = found[0] as ConsoleProcess;
  return { publisher, follower: consoles.find((c) => c !== publisher) as ConsoleProcess };
}

describe('the group index shared by replicas', () => {
  it("is built by one replica only; the other answers the same groups from the topic, with the publisher's age", async () => {
    const { publisher, follower } = await roles();
    // A group that only committed offsets, made now: a replica knows it only from an index build.
    const late = await kafka.commitOffsets(topic, [2, 1]);
    const before = await Promise.all([indexRequests(publisher), indexRequests(follower)]);
    await new Promise((resolve) => setTimeout(resolve, 1.5 * REFRESH_MS));
    const after = await Promise.all([indexRequests(publisher), indexRequests(follower)]);
    const byPublisher = since(before[0], after[0]);
    console.log(
      `shared index: ${1.5 * REFRESH_MS} ms, publisher's index requests ${JSON.stringify(byPublisher)}`,
    );
    expect(byPublisher.ListGroups).toBeGreaterThanOrEqual(1);
    expect(byPublisher.OffsetFetch).toBeGreaterThanOrEqual(1);
    expect(since(before[1], after[1])).toEqual({
      ListGroups: 0,
      OffsetFetch: 0,
      DescribeGroups: 0,
      ConsumerGroupDescribe: 0,
    });

    const onFollower = await readersOf(follower);
    const onPublisher = await readersOf(publisher);
    expect(onFollower.ids).toContain(late);
    expect(onFollower.ids).toEqual(onPublisher.ids);
    expect(onFollower.age).toBeLessThanOrEqual((2 * REFRESH_MS) / 1000);
    expect(Math.abs(onFollower.age - onPublisher.age)).toBeLessThanOrEqual(2);
  }, 90_000);

  it('is published by the other replica within one refresh interval once the publisher stops', async () => {
    const { publisher, follower } = await roles();
    const before = await indexRequests(follower);
    publisher.stop();
    const stopped = Date.now();
    const late = await kafka.commitOffsets(topic, [2, 2]);
    const tookOver = await until(
      async () => (await publishing(follower)) === 1 && (await readersOf(follower)).ids.includes(late),
      REFRESH_MS,
    );
    console.log(`shared index: taken over ${tookOver} ms after the publisher stopped`);
    expect(Date.now() - stopped).toBeLessThanOrEqual(REFRESH_MS + 1_000);
    expect(since(before, await indexRequests(follower)).ListGroups).toBeGreaterThanOrEqual(1);
    consoles = consoles.filter((c) => c !== publisher);
  }, 60_000);
});
