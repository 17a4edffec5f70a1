import type { ConsumerGroup, GroupOffset, GroupsListView } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import {
  type DescribedGroup,
  describeConsumerGroups,
  type GroupListing,
  listConsumerGroups,
} from './groups.ts';
import { type ClusterView, readMetadata, type TopicMeta } from './metadata.ts';
import { type OffsetTable, partitionOffsets } from './offsets.ts';
import { byName } from './topic-naming.ts';

/** "partition\0topic" → committed offset of one group. */
export type Committed = Map<string, { offset: number; metadata: string | null }>;

/**
 * The consumer groups reading `topics`, with their offsets and lag on those topics. ALL keeps groups with
 * committed offsets on them or a member assigned to them; HIDE_EMPTY only the latter. Whatever the number
 * of groups and topics: one listing, one describe per coordinator, one offset fetch per coordinator for
 * all groups (limited to these topics' partitions), and one offsets exchange per leader, in parallel.
 */
export async function groupsReadingTopics(
  admin: Admin,
  names: readonly string[],
  show: GroupsListView,
  known?: ClusterView,
): Promise<ConsumerGroup[]> {
  if (names.length === 0) return [];
  const view = known ?? (await readMetadata(admin, names));
  const topics = names.flatMap((n) => view.topics.get(n) ?? []);
  if (topics.length === 0) return [];
  const listings = await listConsumerGroups(admin);
  if (listings.length === 0) return [];
  const [described, committed, ends] = await Promise.all([
    describeConsumerGroups(admin, listings),
    committedOffsets(admin, listings, topics),
    partitionOffsets(admin, view, topics),
  ]);
  const asked = new Set(topics.map((t) => t.name));
  return described
    .map((group) => toConsumerGroup(group, committed.get(group.id) ?? new Map(), ends, asked))
    .filter((g) =>
      show === 'HIDE_EMPTY' ? g.activeTopics?.some((t) => asked.has(t)) : g.topics?.some((t) => asked.has(t)),
    )
    .sort((a, b) => byName(a.id, b.id));
}

export const committedKey = (topic: string, partition: number) => `${partition}\u0000${topic}`;
export const committedTopic = (key: string) => key.slice(key.indexOf('\u0000') + 1);

/** Each group's committed offsets on the given topics' partitions only, or on every topic when null. */
export async function committedOffsets(
  admin: Admin,
  groups: readonly GroupListing[],
  topics: readonly TopicMeta[] | null,
): Promise<Map<string, Committed>> {
  const request =
    topics?.map((t) => ({ name: t.name, partitionIndexes: t.partitions.map((p) => p.id) })) ?? null;
  const answer = await admin.listConsumerGroupOffsets({
    groups: groups.map((g) => ({ groupId: g.id, topics: request })),
  });
  const byGroup = new Map<string, Committed>();
  for (const group of answer) {
    const offsets: Committed = new Map();
    for (const t of group.topics) {
      for (const p of t.partitions) {
        if (p.committedOffset < 0n) continue;
        offsets.set(committedKey(t.name, p.partitionIndex), {
          offset: Number(p.committedOffset),
          metadata: p.metadata ?? null,
        });
      }
    }
    byGroup.set(group.groupId, offsets);
  }
  return byGroup;
}

/** A described group with its offsets and lag on the `asked` topics (member assignments elsewhere are left out). */
export function toConsumerGroup(
  group: DescribedGroup,
  committed: Committed,
  ends: OffsetTable,
  asked: ReadonlySet<string>,
): ConsumerGroup {
  const active = new Set(group.members.flatMap((m) => (m.assignments ?? []).map((a) => a.topic)));
  const positions = new Map<string, { topic: string; partition: number }>();
  for (const k of committed.keys()) {
    const [partition, topic] = k.split('\u0000') as [string, string];
    positions.set(k, { topic, partition: Number(partition) });
  }
  for (const m of group.members) {
    for (const a of m.assignments ?? [])
      if (asked.has(a.topic)) positions.set(committedKey(a.topic, a.partition), a);
  }
  const offsets: GroupOffset[] = [...positions]
    .map(([k, { topic, partition }]) => {
      const c = committed.get(k);
      const end = ends.get(topic)?.get(partition);
      return {
        topic,
        partition,
        ...(c ? { offset: c.offset } : {}),
        ...(c?.metadata ? { metadata: c.metadata } : {}),
        ...(end ? { firstOffset: end.first, lastOffset: end.last } : {}),
        ...(c && end ? { offsetLag: Math.max(0, end.last - c.offset) } : {}),
      };
    })
    .sort((a, b) => byName(a.topic, b.topic) || a.partition - b.partition);
  const committedTopics = new Set(offsets.filter((o) => o.offset !== undefined).map((o) => o.topic));
  const activeTopics = [...active].sort(byName);
  const topics = [...new Set([...committedTopics, ...active])].sort(byName);
  return {
    id: group.id,
    simpleConsumerGroup: group.simpleConsumerGroup,
    ...(group.partitionAssignor ? { partitionAssignor: group.partitionAssignor } : {}),
    state: group.state,
    coordinator: group.coordinator,
    ...(group.members.length ? { members: group.members } : {}),
    ...(offsets.length ? { offsets } : {}),
    ...(activeTopics.length ? { activeTopics } : {}),
    ...(topics.length ? { topics } : {}),
  };
}
