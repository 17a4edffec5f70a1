import {
  type Admin,
  FetchIsolationLevels,
  ListOffsetTimestamps,
  type listOffsetsV9,
} from '@platformatic/kafka';
import { chunked, inBatches, requestLimits } from './cluster/request-limits.ts';
import { isBrokerUnreachable } from './errors.ts';
import { byLeader, type ClusterView, type PartitionMeta, type TopicMeta } from './metadata.ts';
import { send } from './protocol.ts';

export type PartitionOffsets = { first: number; last: number };
/** topic → partition → offsets; a partition whose leader could not answer is absent. */
export type OffsetTable = Map<string, Map<number, PartitionOffsets>>;

type Listed = Map<string, Map<number, { offset: number; timestamp: number }>>;

/**
 * Asks each partition's leader for the offset at `timestamp` (or LATEST/EARLIEST): ListOffsets requests
 * of at most `partitionsPerRequest` partitions per leader, at most `requestConcurrency` at once. A leader
 * that does not answer (down, unreachable) leaves its partitions out, as a leaderless partition is; when
 * no leader answers, the first failure is thrown.
 */
export async function listOffsets(
  admin: Admin,
  view: ClusterView,
  topics: readonly TopicMeta[],
  timestamp: bigint,
  isolationLevel: number = FetchIsolationLevels.READ_UNCOMMITTED,
): Promise<Listed> {
  const { partitionsPerRequest } = requestLimits(admin);
  const requests = byLeader(view, topics).flatMap(({ broker, topics: owned }) => {
    const pairs = [...owned].flatMap(([topic, partitions]) =>
      partitions.map((p) => [topic.name, p] as const),
    );
    return chunked(pairs, partitionsPerRequest).map((run) => ({ broker, run }));
  });
  const failures: unknown[] = [];
  const answers = await inBatches(admin, requests, ({ broker, run }) =>
    send<[number, number, listOffsetsV9.ListOffsetsRequestTopic[]], listOffsetsV9.ListOffsetsResponse>(
      admin,
      broker,
      'ListOffsets',
      () => [-1, isolationLevel, requestTopics(run, timestamp)],
      { partial: true },
    ).catch((error: unknown) => {
      if (!isBrokerUnreachable(error)) throw error;
      failures.push(error);
      return undefined;
    }),
  );
  if (failures.length > 0 && failures.length === requests.length) throw failures[0];
  const listed: Listed = new Map();
  for (const answer of answers) {
    if (!answer) continue;
    for (const topic of answer.topics) {
      const partitions = listed.get(topic.name) ?? new Map();
      listed.set(topic.name, partitions);
      for (const p of topic.partitions) {
        if (p.errorCode !== 0) continue;
        partitions.set(p.partitionIndex, { offset: Number(p.offset), timestamp: Number(p.timestamp) });
      }
    }
  }
  return listed;
}

function requestTopics(
  run: readonly (readonly [string, PartitionMeta])[],
  timestamp: bigint,
): listOffsetsV9.ListOffsetsRequestTopic[] {
  const byName = new Map<string, listOffsetsV9.ListOffsetsRequestTopic>();
  for (const [name, p] of run) {
    const topic = byName.get(name) ?? { name, partitions: [] };
    topic.partitions.push({ partitionIndex: p.id, currentLeaderEpoch: p.leaderEpoch, timestamp });
    byName.set(name, topic);
  }
  return [...byName.values()];
}

/**
 * First and last offset of every partition of `topics`: the log start offset, and the end offset read as
 * `read_committed` (the last stable offset), as AKHQ reports them. Two rounds of bounded requests per leader.
 */
export async function partitionOffsets(
  admin: Admin,
  view: ClusterView,
  topics: readonly TopicMeta[],
): Promise<OffsetTable> {
  const [earliest, latest] = await Promise.all([
    listOffsets(admin, view, topics, ListOffsetTimestamps.EARLIEST),
    listOffsets(admin, view, topics, ListOffsetTimestamps.LATEST, FetchIsolationLevels.READ_COMMITTED),
  ]);
  const table: OffsetTable = new Map();
  for (const [topic, partitions] of latest) {
    const byPartition = new Map<number, PartitionOffsets>();
    for (const [partition, end] of partitions) {
      const start = earliest.get(topic)?.get(partition);
      byPartition.set(partition, {
        first: Math.min(start?.offset ?? end.offset, end.offset),
        last: end.offset,
      });
    }
    table.set(topic, byPartition);
  }
  return table;
}
