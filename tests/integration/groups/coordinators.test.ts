import { Admin } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findCoordinators,
  offsetsPartition,
} from '../../../packages/server/src/domain/groups/coordinators.ts';
import { readMetadata } from '../../../packages/server/src/kafka/metadata.ts';
import { partitionOffsets } from '../../../packages/server/src/kafka/offsets.ts';
import { type BuiltRequest, requestsChannel } from '../../../packages/server/src/kafka/protocol.ts';
import { uniqueName } from '../../support/kafka.ts';
import { privateCluster, type TestCluster } from '../../support/kafka-cluster.ts';

// The console finds a group's coordinator as the leader of its __consumer_offsets partition. The stacks
// give that topic one partition, so this starts three brokers of its own with 12 (leaders spread over
// them) and holds the console to where the brokers write a group's offsets and to FindCoordinator.
const OFFSETS_PARTITIONS = 12;
let cluster: TestCluster;
const admins: Admin[] = [];
const client = (name: string) => {
  const admin = new Admin({
    clientId: `console-tests-${name}`,
    bootstrapBrokers: cluster.bootstrap.split(','),
  });
  admins.push(admin);
  return admin;
};
const built: string[] = [];
const topic = uniqueName('topic');
const record = (message: unknown) => built.push((message as BuiltRequest).api);

beforeAll(async () => {
  cluster = await privateCluster(3, { 'offsets.topic.num.partitions': OFFSETS_PARTITIONS });
  const admin = client('setup');
  await admin.createTopics({ topics: [topic], partitions: 1, replicas: 1 });
  // The first group's offsets make the broker create __consumer_offsets; then wait for its leaders.
  await admin.alterConsumerGroupOffsets({
    groupId: uniqueName('group'),
    topics: [{ name: topic, partitionOffsets: [{ partition: 0, offset: 0n }] }],
  });
  for (let attempt = 0; ; attempt++) {
    const partitions = (await readMetadata(admin, ['__consumer_offsets'])).topics.get(
      '__consumer_offsets',
    )?.partitions;
    if (partitions?.length && partitions.every((p) => p.leader >= 0)) break;
    if (attempt > 120) throw new Error('__consumer_offsets has no leaders after 60 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  requestsChannel.subscribe(record);
}, 180_000);

afterAll(async () => {
  requestsChannel.unsubscribe(record);
  await Promise.all(admins.map((a) => a.close()));
  await cluster?.stop();
}, 60_000);

describe('group coordinators on three brokers', () => {
  it('are the brokers FindCoordinator names, from one Metadata request', async () => {
    const ids = Array.from({ length: 300 }, () => uniqueName('group'));
    built.length = 0;
    const fromLeaders = await findCoordinators(client('led'), ids);
    expect(built).toEqual(['Metadata']);
    const fromBrokers = await findCoordinators(client('asked'), ids, { ask: true });
    const byId = (found: Map<string, { id: number }>) => new Map([...found].map(([id, n]) => [id, n.id]));
    expect(byId(fromLeaders)).toEqual(byId(fromBrokers));
    // The groups are spread over the brokers, so a wrong partition would show.
    expect(new Set(byId(fromBrokers).values()).size).toBe(3);
  });

  it('places each group in the __consumer_offsets partition the broker writes its offsets to', async () => {
    const admin = client('placement');
    const ends = async () => {
      const view = await readMetadata(admin, ['__consumer_offsets']);
      const offsets = view.topics.get('__consumer_offsets');
      if (!offsets) throw new Error('no __consumer_offsets');
      const table = (await partitionOffsets(admin, view, [offsets])).get('__consumer_offsets');
      return new Map([...(table ?? [])].map(([p, o]) => [p, o.last]));
    };
    const placed = new Set<number>();
    for (let i = 0; i < 8; i++) {
      const group = uniqueName('group');
      const before = await ends();
      await admin.alterConsumerGroupOffsets({
        groupId: group,
        topics: [{ name: topic, partitionOffsets: [{ partition: 0, offset: 0n }] }],
      });
      const after = await ends();
      const grown = [...after].filter(([p, end]) => end > (before.get(p) ?? 0)).map(([p]) => p);
      expect(grown).toEqual([offsetsPartition(group, OFFSETS_PARTITIONS)]);
      placed.add(grown[0] ?? -1);
    }
    // Eight random groups land in more than one of the 12 partitions (all in one: about 1 in 12^7).
    expect(placed.size).toBeGreaterThan(1);
  });
});
