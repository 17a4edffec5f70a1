import type { ConsumerGroup, GroupOffset, GroupsListView } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { type ClusterView, readMetadata } from '../../kafka/metadata.ts';
import { type OffsetTable, partitionOffsets } from '../../kafka/offsets.ts';
import { type Committed, committedKey, committedOffsets } from '../groups/committed-offsets.ts';
import type { IndexSnapshot } from '../groups/group-index.ts';
import {
  type DescribedGroup,
  describeConsumerGroups,
  LIVE_STATES,
  listConsumerGroups,
} from '../groups/groups.ts';
import { byName } from './topic-naming.ts';

type Reader = { described?: DescribedGroup; topics: Set<string> };

/** At most `perTopic` groups a topic, of those `allow` lets the caller read (the topic list's column). */
export type ReadersLimit = { perTopic: number; allow: (group: string) => boolean };

/** The groups, and per topic how many more read it beyond the limit (none without one). */
export type TopicReaders = { groups: ConsumerGroup[]; more: Record<string, number> };

/**
 * The consumer groups reading `topics`, with their offsets and lag on those topics. ALL keeps groups with
 * committed offsets on them or a member assigned to them; HIDE_EMPTY only the latter. Groups with
 * members are few and change: they are listed and described live, every time. Of the others (EMPTY:
 * nobody commits for them), the index says which have offsets on these topics. Only those groups'
 * offsets are fetched, on the topics they read of these, in bounded requests (see request-limits.ts),
 * with the topics' first and last offsets for the lag. With a `limit`, only the groups it keeps are read.
 */
export async function groupsReadingTopics(
  admin: Admin,
  index: IndexSnapshot,
  names: readonly string[],
  show: GroupsListView,
  known?: ClusterView,
  limit?: ReadersLimit,
): Promise<TopicReaders> {
  const none: TopicReaders = { groups: [], more: {} };
  if (names.length === 0) return none;
  const [view, live] = await Promise.all([
    known ?? readMetadata(admin, names),
    listConsumerGroups(admin, LIVE_STATES),
  ]);
  const asked = new Set(names.filter((n) => view.topics.has(n)));
  if (asked.size === 0) return none;
  const liveIds = new Set(live.map((g) => g.id));
  const active = await describeConsumerGroups(admin, live);
  const assigned = (g: DescribedGroup) =>
    g.members.flatMap((m) => (m.assignments ?? []).map((a) => a.topic)).filter((t) => asked.has(t));
  const readers = new Map<string, Reader>();
  for (const c of index.readersOf(asked)) {
    readers.set(c.listing.id, { topics: new Set(c.topics.filter((t) => asked.has(t))) });
  }
  for (const g of active) {
    const topics = [...(readers.get(g.id)?.topics ?? []), ...assigned(g)];
    if (topics.length) readers.set(g.id, { described: g, topics: new Set(topics) });
  }
  const more = limit ? keepFirstReaders(readers, asked, show, limit) : {};
  if (readers.size === 0) return { groups: [], more };
  const idle = [...readers.keys()].filter((id) => !liveIds.has(id));
  // A group not listed with members is EMPTY now, whatever the index saw: a classic one has nothing to
  // describe (its listing says it all), a KIP-848 one is described.
  const listings = idle.flatMap((id) => {
    const listing = index.get(id)?.listing;
    return listing ? [{ ...listing, state: 'EMPTY' as const }] : [];
  });
  const metas = (topics: Iterable<string>) => [...topics].flatMap((t) => view.topics.get(t) ?? []);
  const readTopics = new Set([...readers.values()].flatMap((r) => [...r.topics]));
  const [described, committed, ends] = await Promise.all([
    describeConsumerGroups(admin, listings),
    committedOffsets(
      admin,
      [...readers].map(([id, r]) => ({ id, topics: metas(r.topics) })),
    ),
    partitionOffsets(admin, view, metas(readTopics)),
  ]);
  const all = [...described, ...[...readers.values()].flatMap((r) => r.described ?? [])];
  const groups = all
    .map((group) => {
      const on = limit ? (readers.get(group.id)?.topics ?? asked) : asked;
      return toConsumerGroup(group, committed.get(group.id) ?? new Map(), ends, on);
    })
    .filter((g) =>
      show === 'HIDE_EMPTY' ? g.activeTopics?.some((t) => asked.has(t)) : g.topics?.some((t) => asked.has(t)),
    )
    .sort((a, b) => byName(a.id, b.id));
  return { groups, more };
}

/**
 * Keeps, per asked topic, the first `perTopic` groups the caller may read: those with a member assigned to
 * it, then other groups with members, then idle ones (left out for HIDE_EMPTY), each by id. Answers how
 * many more each topic has; the readers left out are removed, so their offsets are never fetched, and a
 * group kept for one topic only is not answered on another where it was left out.
 */
function keepFirstReaders(
  readers: Map<string, Reader>,
  asked: ReadonlySet<string>,
  show: GroupsListView,
  limit: ReadersLimit,
): Record<string, number> {
  const rank = (reader: Reader, topic: string) => {
    if (!reader.described) return 2;
    const consuming = reader.described.members.some((m) => m.assignments?.some((a) => a.topic === topic));
    return consuming ? 0 : 1;
  };
  // Per kept group, the topics it was kept for: its offsets are read, and it is answered, on those only.
  const kept = new Map<string, Set<string>>();
  const more: Record<string, number> = {};
  for (const topic of asked) {
    const candidates = [...readers]
      .filter(([id, r]) => r.topics.has(topic) && limit.allow(id))
      .map(([id, r]) => ({ id, rank: rank(r, topic) }))
      .filter((c) => show !== 'HIDE_EMPTY' || c.rank === 0)
      .sort((a, b) => a.rank - b.rank || byName(a.id, b.id));
    for (const c of candidates.slice(0, limit.perTopic))
      kept.set(c.id, (kept.get(c.id) ?? new Set()).add(topic));
    if (candidates.length > limit.perTopic) more[topic] = candidates.length - limit.perTopic;
  }
  for (const [id, reader] of readers) {
    const topics = kept.get(id);
    if (topics) reader.topics = topics;
    else readers.delete(id);
  }
  return more;
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
