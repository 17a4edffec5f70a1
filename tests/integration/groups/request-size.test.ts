import * as kafkaApis from '@platformatic/kafka';
import { Admin } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCoordinators } from '../../../packages/server/src/domain/groups/coordinators.ts';
import { IndexSnapshot } from '../../../packages/server/src/domain/groups/group-index.ts';
import type { GroupListing } from '../../../packages/server/src/domain/groups/groups.ts';
import { type IndexedGroup, indexGroups } from '../../../packages/server/src/domain/groups/index-build.ts';
import { groupsReadingTopics } from '../../../packages/server/src/domain/topics/topic-groups.ts';
import { setRequestLimits } from '../../../packages/server/src/kafka/cluster/request-limits.ts';
import {
  type ClusterView,
  readMetadata,
  type TopicMeta,
} from '../../../packages/server/src/kafka/metadata.ts';
import { type BuiltRequest, requestsChannel } from '../../../packages/server/src/kafka/protocol.ts';
import { ConfigSchema } from '../../../packages/server/src/platform/config/schema.ts';
import { bootstrap, uniqueName } from '../../support/kafka.ts';

/**
 * The largest request the console builds for the cluster: 15,000 groups, each with offsets on
 * the three partitions of one of 100 topics, beside 10,000 one-partition topics. The groups are made up
 * (the shared broker must not hold 15,000 groups): the broker answers them as unknown, which costs it
 * little, while the console builds every request as it would for real ones. Each request is counted in
 * entries from the arguments `send` gave the Kafka library, and in bytes as the library encodes it.
 */
const GROUPS = 15_000;
const READ_TOPICS = 100;
const config = ConfigSchema.parse({
  clusters: { local: { properties: { 'bootstrap.servers': bootstrap() } } },
});
const limits = config.kafkaClient;
const admin = new Admin({ clientId: 'console-tests-request-size', bootstrapBrokers: [bootstrap()] });
setRequestLimits(admin, limits);

const built: BuiltRequest[] = [];
const record = (message: unknown) => built.push(message as BuiltRequest);
beforeAll(() => requestsChannel.subscribe(record));
afterAll(async () => {
  requestsChannel.unsubscribe(record);
  await admin.close();
});

type Sized = { api: string; groups: number; partitions: number; bytes: number };
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Groups and partitions a request names, read from the arguments the library encodes. */
function entries({ api, args }: BuiltRequest): { groups: number; partitions: number } {
  switch (api) {
    case 'FindCoordinator':
      return { groups: (args[1] as string[]).length, partitions: 0 };
    case 'DescribeGroups':
    case 'ConsumerGroupDescribe':
      return { groups: (args[0] as string[]).length, partitions: 0 };
    case 'OffsetFetch': {
      const groups = args[0] as kafkaApis.offsetFetchV9.OffsetFetchRequestGroup[];
      const partitions = groups.flatMap((g) => g.topics ?? []).map((t) => t.partitionIndexes.length);
      return { groups: groups.length, partitions: sum(partitions) };
    }
    case 'ListOffsets': {
      const topics = args[2] as kafkaApis.listOffsetsV9.ListOffsetsRequestTopic[];
      return { groups: 0, partitions: sum(topics.map((t) => t.partitions.length)) };
    }
    default:
      return { groups: 0, partitions: 0 };
  }
}

/** The request's size as the library writes it: its `createRequest` for the agreed version. */
function bytes({ api, version, args }: BuiltRequest): number {
  const name = `${api[0]?.toLowerCase()}${api.slice(1)}V${version}`;
  const module = (
    kafkaApis as unknown as Record<string, { createRequest?: (...a: unknown[]) => { length: number } }>
  )[name];
  if (!module?.createRequest) throw new Error(`the library has no ${name}`);
  return module.createRequest(...args).length;
}

function largest(requests: BuiltRequest[]): Map<string, Sized> {
  const by = new Map<string, Sized>();
  for (const r of requests) {
    const { groups, partitions } = entries(r);
    const size = bytes(r);
    const known = by.get(r.api) ?? { api: r.api, groups: 0, partitions: 0, bytes: 0 };
    by.set(r.api, {
      api: r.api,
      groups: Math.max(known.groups, groups),
      partitions: Math.max(known.partitions, partitions),
      bytes: Math.max(known.bytes, size),
    });
  }
  return by;
}

describe('requests at 15,000 groups', () => {
  const prefix = uniqueName('group');
  const readTopic = (i: number) => `${prefix}-r${String(i % READ_TOPICS).padStart(3, '0')}`;
  const listings: GroupListing[] = Array.from({ length: GROUPS }, (_, i) => ({
    id: `${prefix}-g${String(i).padStart(5, '0')}`,
    kind: i % 10 === 9 ? 'consumer' : 'classic',
    // Every fifth group has members, so the build describes them too.
    state: i % 5 === 0 ? 'STABLE' : 'EMPTY',
    protocolType: 'consumer',
  }));
  let view: ClusterView;
  /**
   * The OffsetFetch requests with this test's groups only: a group with members elsewhere on the shared
   * broker, which the index has not seen, is read too.
   */
  const ours = (requests: BuiltRequest[]): BuiltRequest[] =>
    requests.map((r) => ({
      ...r,
      args: [
        (r.args[0] as kafkaApis.offsetFetchV9.OffsetFetchRequestGroup[]).filter((g) =>
          g.groupId.startsWith(prefix),
        ),
        ...r.args.slice(1),
      ],
    }));

  beforeAll(async () => {
    const real = await readMetadata(admin, []);
    const leader = [...real.brokers.keys()][0] ?? 1;
    const meta = (name: string, partitions: number): TopicMeta => ({
      name,
      id: '00000000-0000-0000-0000-000000000000',
      internal: false,
      partitions: Array.from({ length: partitions }, (_, id) => ({
        id,
        leader,
        leaderEpoch: -1,
        replicas: [leader],
        isr: [leader],
      })),
    });
    const topics = [
      ...Array.from({ length: READ_TOPICS }, (_, i) => meta(readTopic(i), 3)),
      ...Array.from({ length: 10_000 }, (_, i) => meta(`${prefix}-t${String(i).padStart(5, '0')}`, 1)),
    ];
    view = { ...real, topics: new Map(topics.map((t) => [t.name, t])) };
  });

  it('builds the index with no request naming more than groupsPerRequest groups', async () => {
    built.length = 0;
    await indexGroups(admin, listings);
    const sizes = largest(built);
    console.table([...sizes.values()]);
    // Coordinators come from one Metadata answer (the leaders of __consumer_offsets), not FindCoordinator.
    expect([...sizes.keys()].sort()).toEqual(
      ['ConsumerGroupDescribe', 'DescribeGroups', 'Metadata', 'OffsetFetch'].sort(),
    );
    expect(built.filter((r) => r.api === 'Metadata')).toHaveLength(1);
    for (const s of sizes.values()) {
      expect(s.groups, s.api).toBeLessThanOrEqual(limits.groupsPerRequest);
      expect(s.bytes, s.api).toBeLessThan(16 * 1024);
    }
    expect(built.filter((r) => r.api === 'OffsetFetch')).toHaveLength(GROUPS / limits.groupsPerRequest);
  }, 120_000);

  it('answers the groups of all 100 read topics (every group) in requests of bounded size', async () => {
    const index = new Map<string, IndexedGroup>(
      listings.map((listing, i) => [listing.id, { listing, topics: [readTopic(i)] }]),
    );
    const snapshot = new IndexSnapshot(index, Date.now());
    const asked = Array.from({ length: READ_TOPICS }, (_, i) => readTopic(i));
    built.length = 0;
    await groupsReadingTopics(admin, snapshot, asked, 'ALL', view);
    const sizes = largest(built);
    console.table([...sizes.values()]);
    const offsetFetches = ours(built.filter((r) => r.api === 'OffsetFetch'));
    // Each group is asked for its own topic's three partitions, never for every asked topic's.
    expect(sum(offsetFetches.map((r) => entries(r).partitions))).toBe(GROUPS * 3);
    expect(sum(offsetFetches.map((r) => entries(r).groups))).toBe(GROUPS);
    for (const s of sizes.values()) {
      expect(s.groups, s.api).toBeLessThanOrEqual(limits.groupsPerRequest);
      expect(s.partitions, s.api).toBeLessThanOrEqual(limits.partitionsPerRequest);
      expect(s.bytes, s.api).toBeLessThan(16 * 1024);
    }
    expect(sizes.get('ListOffsets')?.partitions).toBe(READ_TOPICS * 3);
  }, 120_000);

  it('answers the groups of a 25-topic page without naming the others', async () => {
    const index = new Map<string, IndexedGroup>(
      listings.map((listing, i) => [listing.id, { listing, topics: [readTopic(i)] }]),
    );
    const snapshot = new IndexSnapshot(index, Date.now());
    const page = Array.from({ length: 25 }, (_, i) => readTopic(i));
    built.length = 0;
    await groupsReadingTopics(admin, snapshot, page, 'ALL', view);
    const offsetFetches = ours(built.filter((r) => r.api === 'OffsetFetch'));
    expect(sum(offsetFetches.map((r) => entries(r).groups))).toBe((GROUPS / READ_TOPICS) * 25);
    expect(sum(offsetFetches.map((r) => entries(r).partitions))).toBe((GROUPS / READ_TOPICS) * 25 * 3);
  }, 120_000);
});

describe("groups' coordinators", () => {
  it('finds 1,000 coordinators with one Metadata request, as FindCoordinator names them', async () => {
    const ids = Array.from({ length: 1_000 }, () => uniqueName('group'));
    // Two clients: each keeps the coordinators it found for a minute.
    const [led, asked] = ['led', 'asked'].map(
      (name) => new Admin({ clientId: `console-tests-${name}`, bootstrapBrokers: [bootstrap()] }),
    ) as [Admin, Admin];
    for (const client of [led, asked]) setRequestLimits(client, limits);
    try {
      built.length = 0;
      const fromLeaders = await findCoordinators(led, ids);
      expect(built.map((r) => r.api)).toEqual(['Metadata']);
      built.length = 0;
      const fromBrokers = await findCoordinators(asked, ids, { ask: true });
      expect(built.filter((r) => r.api === 'FindCoordinator')).toHaveLength(1_000 / limits.groupsPerRequest);
      const byId = (found: Map<string, { id: number }>) => new Map([...found].map(([id, n]) => [id, n.id]));
      expect(byId(fromLeaders)).toEqual(byId(fromBrokers));
      expect(fromLeaders.size).toBe(1_000);
    } finally {
      await Promise.all([led.close(), asked.close()]);
    }
  });
});
