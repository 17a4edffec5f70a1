import type { Node } from '@console/contract';
import type { Admin, offsetFetchV9 } from '@platformatic/kafka';
import { inBatches, requestLimits } from '../../kafka/cluster/request-limits.ts';
import type { TopicMeta } from '../../kafka/metadata.ts';
import { agreedVersion, send } from '../../kafka/protocol.ts';
import { withCoordinators } from './coordinators.ts';

/** "partition\0topic" → committed offset of one group. */
export type Committed = Map<string, { offset: number; metadata: string | null }>;

export const committedKey = (topic: string, partition: number) => `${partition}\u0000${topic}`;
export const committedTopic = (key: string) => key.slice(key.indexOf('\u0000') + 1);

/** A group and the topics whose offsets are asked (every partition of each), or null for all it has. */
export type OffsetQuery = { id: string; topics: readonly TopicMeta[] | null };

/** OffsetFetch names several groups per request from version 8 (KIP-709, Kafka 3.0) on. */
const BATCHED_FROM = 8;

type Request = { coordinator: Node; groups: offsetFetchV9.OffsetFetchRequestGroup[]; partitions: number };

/**
 * Requests of at most `groupsPerRequest` groups and `partitionsPerRequest` partitions each, per
 * coordinator; a group asking for more partitions than that is spread over several requests.
 */
export function offsetFetchRequests(
  queries: readonly OffsetQuery[],
  coordinators: ReadonlyMap<string, Node>,
  limits: { groupsPerRequest: number; partitionsPerRequest: number },
  groupsPerRequest = limits.groupsPerRequest,
): Request[] {
  const done: Request[] = [];
  const open = new Map<number, Request>();
  const add = (coordinator: Node, group: offsetFetchV9.OffsetFetchRequestGroup, partitions: number) => {
    let request = open.get(coordinator.id);
    if (
      request &&
      (request.groups.length >= groupsPerRequest ||
        request.partitions + partitions > limits.partitionsPerRequest)
    ) {
      done.push(request);
      request = undefined;
    }
    if (!request) {
      request = { coordinator, groups: [], partitions: 0 };
      open.set(coordinator.id, request);
    }
    request.groups.push(group);
    request.partitions += partitions;
  };
  for (const q of queries) {
    const coordinator = coordinators.get(q.id);
    if (!coordinator) continue;
    const base = { groupId: q.id, memberId: null, memberEpoch: -1 };
    if (q.topics === null) {
      add(coordinator, { ...base, topics: null }, 0);
      continue;
    }
    let topics: offsetFetchV9.OffsetFetchRequestTopic[] = [];
    let count = 0;
    for (const t of q.topics) {
      for (let i = 0; i < t.partitions.length; ) {
        const room = limits.partitionsPerRequest - count;
        const ids = t.partitions.slice(i, i + room).map((p) => p.id);
        topics.push({ name: t.name, partitionIndexes: ids });
        count += ids.length;
        i += ids.length;
        if (count >= limits.partitionsPerRequest) {
          add(coordinator, { ...base, topics }, count);
          topics = [];
          count = 0;
        }
      }
    }
    if (topics.length > 0) add(coordinator, { ...base, topics }, count);
  }
  return [...done, ...open.values()];
}

/**
 * Each group's committed offsets on the topics its query names (all it has when null), in bounded
 * requests (see offsetFetchRequests), at most `requestConcurrency` at once.
 */
export async function committedOffsets(
  admin: Admin,
  queries: readonly OffsetQuery[],
): Promise<Map<string, Committed>> {
  const byGroup = new Map<string, Committed>();
  if (queries.length === 0) return byGroup;
  for (const q of queries) byGroup.set(q.id, new Map());
  const batched = (await agreedVersion(admin, 'OffsetFetch')) >= BATCHED_FROM;
  const ids = queries.map((q) => q.id);
  const answers = await withCoordinators(admin, ids, (coordinators) => {
    const requests = offsetFetchRequests(
      queries,
      coordinators,
      requestLimits(admin),
      batched ? undefined : 1,
    );
    return inBatches(admin, requests, async (r) =>
      batched
        ? (
            await send<[offsetFetchV9.OffsetFetchRequestGroup[], boolean], offsetFetchV9.OffsetFetchResponse>(
              admin,
              r.coordinator,
              'OffsetFetch',
              () => [r.groups, false],
            )
          ).groups
        : admin.listConsumerGroupOffsets({
            groups: r.groups.map((g) => ({ groupId: g.groupId, topics: g.topics ?? null })),
          }),
    );
  });
  for (const group of answers.flat()) {
    const offsets = byGroup.get(group.groupId) ?? new Map();
    byGroup.set(group.groupId, offsets);
    for (const t of group.topics) {
      for (const p of t.partitions) {
        if (p.committedOffset < 0n) continue;
        offsets.set(committedKey(t.name, p.partitionIndex), {
          offset: Number(p.committedOffset),
          metadata: p.metadata ?? null,
        });
      }
    }
  }
  return byGroup;
}

/** Groups per committedOffsets call when every group of a cluster is read (a sort of the group list). */
const ALL_GROUPS_CHUNK = 2_500;

/**
 * Every offset the groups committed, on all their topics, a chunk of groups at a time: the answers of one
 * chunk can be dropped before the next is read. Read at once, 50,000 groups' answers and offsets held
 * about 100 MB of heap together (tests/bench/results/scale-next.md).
 */
export async function* allCommittedOffsets(
  admin: Admin,
  ids: readonly string[],
): AsyncGenerator<Map<string, Committed>> {
  for (let at = 0; at < ids.length; at += ALL_GROUPS_CHUNK) {
    yield await committedOffsets(
      admin,
      ids.slice(at, at + ALL_GROUPS_CHUNK).map((id) => ({ id, topics: null })),
    );
  }
}
