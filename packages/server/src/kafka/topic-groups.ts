import type { ConsumerGroup, GroupOffset, GroupsListView } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { type Committed, committedKey, committedOffsets } from './groups/committed-offsets.ts';
import type { IndexSnapshot } from './groups/group-index.ts';
import { indexGroups } from './groups/index-build.ts';
import { type DescribedGroup, describeConsumerGroups, LIVE_STATES, listConsumerGroups } from './groups.ts';
import { type ClusterView, readMetadata } from './metadata.ts';
import { type OffsetTable, partitionOffsets } from './offsets.ts';
import { byName } from './topic-naming.ts';

/**
 * The consumer groups reading `topics`, with their offsets and lag on those topics. ALL keeps groups with
 * committed offsets on them or a member assigned to them; HIDE_EMPTY only the latter. The index says
 * which groups those can be; only they are asked, live: the groups with members among them described,
 * their offsets fetched on the topics they read of these, in bounded requests (see request-limits.ts),
 * and the topics' first and last offsets for the lag.
 */
export async function groupsReadingTopics(
  admin: Admin,
  index: IndexSnapshot,
  names: readonly string[],
  show: GroupsListView,
  known?: ClusterView,
): Promise<ConsumerGroup[]> {
  if (names.length === 0) return [];
  // The listing of groups with members is short and fresh; the others are EMPTY now, whatever the index
  // saw, and a classic EMPTY group has nothing to describe. A group with members the index has not
  // seen yet (consumers started since it was built) is read now, so consumers show at once.
  const [view, live] = await Promise.all([
    known ?? readMetadata(admin, names),
    listConsumerGroups(admin, LIVE_STATES).then((found) => new Map(found.map((g) => [g.id, g]))),
  ]);
  const unseen = [...live.values()].filter((g) => !index.get(g.id));
  if (unseen.length) for (const [id, group] of await indexGroups(admin, unseen)) index.set(id, group);
  const candidates = index.readersOf(names);
  if (candidates.length === 0) return [];
  const asked = new Set(names.filter((n) => view.topics.has(n)));
  const read = (topics: readonly string[]) =>
    topics.flatMap((t) => (asked.has(t) ? (view.topics.get(t) ?? []) : []));
  const readTopics = new Set(candidates.flatMap((c) => read(c.topics)));
  if (readTopics.size === 0) return [];
  const listings = candidates.map((c) => live.get(c.listing.id) ?? { ...c.listing, state: 'EMPTY' as const });
  const [described, committed, ends] = await Promise.all([
    describeConsumerGroups(admin, listings),
    committedOffsets(
      admin,
      candidates.map((c) => ({ id: c.listing.id, topics: read(c.topics) })),
    ),
    partitionOffsets(admin, view, [...readTopics]),
  ]);
  return described
    .map((group) => toConsumerGroup(group, committed.get(group.id) ?? new Map(), ends, asked))
    .filter((g) =>
      show === 'HIDE_EMPTY' ? g.activeTopics?.some((t) => asked.has(t)) : g.topics?.some((t) => asked.has(t)),
    )
    .sort((a, b) => byName(a.id, b.id));
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
