import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { describeLogDirsV4 } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltRequest, requestsChannel } from '../../../packages/server/src/kafka/protocol.ts';
import { getJson, type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';

type Page<T> = { results: T[]; total: number };
type TopicRow = { name: string; partitions: unknown[]; logDirSize?: number; size: number };
type GroupRow = { id: string; state: string; offsets?: { offsetLag?: number }[] };

let app: RunningApp;
const kafka = testKafka();
const tag = `test-${randomUUID().slice(0, 8)}`;
const topics = { small: `${tag}-a-small`, big: `${tag}-b-big`, wide: `${tag}-c-wide` };
const groups: Record<'none' | 'some' | 'most', string> = { none: '', some: '', most: '' };

beforeAll(async () => {
  app = await startApp();
  await kafka.createTopic(1, { name: topics.small });
  await kafka.createTopic(1, { name: topics.big });
  await kafka.createTopic(4, { name: topics.wide });
  await kafka.produce(topics.small, [{ partition: 0, value: 'x' }]);
  await kafka.produce(
    topics.big,
    Array.from({ length: 40 }, (_, i) => ({ partition: 0, value: `${'v'.repeat(200)}${i}` })),
  );
  await kafka.produce(topics.wide, [
    { partition: 0, value: 'a' },
    { partition: 3, value: 'b' },
  ]);
  // Lag on the big topic (40 records): 0, 30 and 39.
  for (const [key, offset] of [
    ['none', 40],
    ['some', 10],
    ['most', 1],
  ] as const) {
    groups[key] = `${tag}-group-${key}`;
    await kafka.admin.alterConsumerGroupOffsets({
      groupId: groups[key],
      topics: [{ name: topics.big, partitionOffsets: [{ partition: 0, offset: BigInt(offset) }] }],
    });
  }
});
afterAll(async () => {
  await kafka.admin.deleteGroups({ groups: Object.values(groups) }).catch(() => undefined);
  await app.close();
  await kafka.cleanup();
});

const ok = async <T>(path: string) => {
  const { status, body } = await getJson(`${app.url}/api/local${path}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as T;
};
const topicNames = async (query: string) =>
  (await ok<Page<TopicRow>>(`/topic?search=${tag}&${query}`)).results.map((t) => t.name);
const groupIds = async (query: string) =>
  (await ok<Page<GroupRow>>(`/group?search=${tag}-group&${query}`)).results.map((g) => g.id);

describe('sorted topic list', () => {
  it('keeps name order without sort, and sorts by partitions, records and size on the server', async () => {
    expect(await topicNames('')).toEqual([topics.small, topics.big, topics.wide]);
    expect(await topicNames('sort=name&order=desc')).toEqual([topics.wide, topics.big, topics.small]);
    expect(await topicNames('sort=partitions&order=desc')).toEqual([topics.wide, topics.small, topics.big]);
    expect(await topicNames('sort=records&order=desc')).toEqual([topics.big, topics.wide, topics.small]);
    expect(await topicNames('sort=records')).toEqual([topics.small, topics.wide, topics.big]);
    expect((await topicNames('sort=size&order=desc'))[0]).toBe(topics.big);
    // Ties (no under-replicated partition on a one-broker stack) keep name order in both directions.
    expect(await topicNames('sort=underReplicated&order=desc')).toEqual([
      topics.small,
      topics.big,
      topics.wide,
    ]);
  });

  it('reads every size beside the all-topic Metadata when all topics are sorted by size, once cold', async () => {
    const built: BuiltRequest[] = [];
    const record = (message: unknown) => built.push(message as BuiltRequest);
    await ok('/topic?sort=size&order=desc'); // the brokers are known from here on
    await new Promise((resolve) => setTimeout(resolve, 10_500)); // the list's sizes (10 s) run out
    requestsChannel.subscribe(record);
    try {
      const page = await ok<Page<TopicRow>>('/topic?sort=size&order=desc&show=ALL');
      const sizes = page.results.map((t) => t.logDirSize ?? 0);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      const logDirs = built.filter((r) => r.api === 'DescribeLogDirs');
      // One request a broker naming no topic (every partition), none naming every topic after it.
      expect(logDirs.map((r) => r.args[0] as describeLogDirsV4.DescribeLogDirsRequestTopic[] | null)).toEqual(
        [null],
      );
    } finally {
      requestsChannel.unsubscribe(record);
    }
  }, 30_000);

  it('orders by sizes past their time at once, and by the renewed ones next', async () => {
    const own = `sized-${randomUUID().slice(0, 8)}`;
    const [grows, stays] = [`${own}-a`, `${own}-b`];
    await kafka.createTopic(1, { name: grows });
    await kafka.createTopic(1, { name: stays });
    await kafka.produce(stays, [{ partition: 0, value: 'v'.repeat(2000) }]);
    const order = async () =>
      (await ok<Page<TopicRow>>(`/topic?search=${own}&sort=size&order=desc`)).results.map((t) => t.name);
    // Made outside the console, they show once its names (5 s) are read again, with their sizes once no
    // read of every partition from before them is reused (10 s).
    await expect.poll(order, { timeout: 25_000 }).toEqual([stays, grows]);
    // The other topic becomes the largest, then the list's sizes (10 s) run out.
    await kafka.produce(
      grows,
      Array.from({ length: 100 }, (_, i) => ({ partition: 0, value: `${'s'.repeat(1000)}${i}` })),
    );
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    const stale = (await ok<Page<TopicRow>>(`/topic?search=${own}&sort=size&order=desc`)).results;
    // Answered at once from the sizes it had, shown as ordered; the brokers are read again behind it.
    expect(stale.map((t) => t.name)).toEqual([stays, grows]);
    const shown = stale.map((t) => t.logDirSize ?? 0);
    expect(shown).toEqual([...shown].sort((x, y) => y - x));
    await expect.poll(order, { timeout: 10_000 }).toEqual([grows, stays]);
  }, 60_000);

  it('pages after sorting: page 2 of size 1 is the second largest', async () => {
    expect(await topicNames('sort=records&order=desc&uiPageSize=1&page=2')).toEqual([topics.wide]);
  });

  it('refuses an unknown sort column or order, naming the field', async () => {
    const bad = await getJson(`${app.url}/api/local/topic?sort=colour`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('sort');
    const order = await getJson(`${app.url}/api/local/group?sort=lag&order=sideways`);
    expect(order.status).toBe(400);
    expect(JSON.stringify(order.body)).toContain('order');
  });
});

describe('sorted group list', () => {
  it('sorts by total lag both ways, ids breaking ties', async () => {
    expect(await groupIds('sort=lag&order=desc')).toEqual([groups.most, groups.some, groups.none]);
    expect(await groupIds('sort=lag')).toEqual([groups.none, groups.some, groups.most]);
    const ids = [groups.none, groups.some, groups.most].sort();
    expect(await groupIds('')).toEqual(ids);
    expect(await groupIds('sort=id&order=desc')).toEqual([...ids].reverse());
    expect(await groupIds('sort=state')).toEqual(ids);
    expect(await groupIds('sort=members&order=desc')).toEqual(ids);
  });
});

describe('cluster overview', () => {
  it('counts brokers, topics, partitions, sizes and groups in one answer', async () => {
    const overview = await ok<{
      brokers: { id: number; controller: boolean; partitions: number; size?: number; version?: string }[];
      controller: number;
      topics: { count: number; partitions: number; underReplicated: number; offline: number };
      size?: number;
      groups?: { count: number; byState: Record<string, number> };
    }>('/overview');
    expect(overview.brokers.length).toBeGreaterThanOrEqual(1);
    expect(overview.brokers.filter((b) => b.controller).map((b) => b.id)).toEqual(
      overview.controller >= 0 && overview.brokers.some((b) => b.id === overview.controller)
        ? [overview.controller]
        : [],
    );
    const listed = await ok<Page<TopicRow>>('/topic?show=ALL&uiPageSize=1');
    expect(overview.topics.count).toBeGreaterThanOrEqual(listed.total - 5);
    expect(overview.topics.partitions).toBeGreaterThanOrEqual(overview.topics.count);
    expect(overview.topics.offline).toBe(0);
    expect(overview.size).toBeGreaterThan(8_000);
    expect(overview.groups?.byState.EMPTY).toBeGreaterThanOrEqual(3);
  });

  it("names each broker's Kafka release, as the stack's pom pins it", async () => {
    const pom = readFileSync(new URL('../../stack/maven/kafka/pom.xml', import.meta.url), 'utf8');
    const release = /<kafka\.version>(\d+\.\d+)\./.exec(pom)?.[1];
    expect(release).toBeDefined();
    const overview = await ok<{ brokers: { version?: string }[] }>('/overview');
    for (const broker of overview.brokers)
      expect(broker.version).toMatch(new RegExp(`^${release}( or newer)?$`));
  });
});
