import type { GroupSortColumn, ListOrder } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { readMetadata } from '../../kafka/metadata.ts';
import { partitionOffsets } from '../../kafka/offsets.ts';
import type { NameFilter } from '../topics/topic-list.ts';
import { firstInOrder, named, namedOrder } from '../topics/topic-naming.ts';
import { TtlMemo } from '../topics/ttl-memo.ts';
import { allCommittedOffsets, committedTopic } from './committed-offsets.ts';
import { type GroupLagTimes, readLagTimes } from './group-lag-times.ts';
import { describeConsumerGroups, type GroupListing } from './groups.ts';

/** A group's lag per topic (Σ over its partitions of end − committed, never negative). */
export type GroupLags = Map<string, Map<string, number>>;

/**
 * Every listed group's lag per topic: their committed offsets (OffsetFetch naming no topics, `groupsPerRequest`
 * groups a request, requestConcurrency at once) and the end offsets of the topics they read (ListOffsets in bounded
 * requests per leader). Grows with groups + partitions read, never groups × partitions. Kept a few seconds
 * per cluster (GroupSortFacts) so paging a list sorted by lag pays it once.
 */
async function readLags(admin: Admin, listings: readonly GroupListing[]): Promise<GroupLags> {
  const committed = new Map<string, Map<string, number>>();
  // committedOffsets sends requests of groupsPerRequest groups, at most requestConcurrency at once; the
  // answers are read a chunk of groups at a time, so they need not all be held together.
  for await (const found of allCommittedOffsets(
    admin,
    listings.map((g) => g.id),
  )) {
    for (const [id, offsets] of found) {
      const byKey = new Map<string, number>();
      for (const [k, o] of offsets) byKey.set(k, o.offset);
      committed.set(id, byKey);
    }
  }
  const topics = new Set<string>();
  for (const offsets of committed.values()) for (const k of offsets.keys()) topics.add(committedTopic(k));
  const view = topics.size ? await readMetadata(admin, [...topics]) : undefined;
  const ends = view ? await partitionOffsets(admin, view, [...view.topics.values()]) : new Map();
  const lags: GroupLags = new Map();
  for (const [id, offsets] of committed) {
    const perTopic = new Map<string, number>();
    for (const [k, offset] of offsets) {
      const [partition, topic] = k.split('\u0000') as [string, string];
      const end = ends.get(topic)?.get(Number(partition));
      if (!end) continue;
      perTopic.set(topic, (perTopic.get(topic) ?? 0) + Math.max(0, end.last - offset));
    }
    lags.set(id, perTopic);
  }
  return lags;
}

/** Member counts of the groups that may have members (classic EMPTY ones have none to describe). */
async function readMembers(admin: Admin, listings: readonly GroupListing[]): Promise<Map<string, number>> {
  const live = listings.filter((g) => g.kind === 'consumer' || g.state !== 'EMPTY');
  const counts = new Map<string, number>();
  for (const g of await describeConsumerGroups(admin, live)) counts.set(g.id, g.members.length);
  return counts;
}

/** A group's highest time lag on the topics `topicAllow` keeps (0 without lag, or when none was read). */
export function groupLagMs(times: GroupLagTimes, id: string, topicAllow: NameFilter, now: number): number {
  let oldest = now;
  for (const [topic, at] of times.get(id) ?? []) if (topicAllow(topic)) oldest = Math.min(oldest, at);
  return Math.max(0, now - oldest);
}

const FACTS_TTL_MS = 10_000;

/** The lag and member figures the group list sorts by, read for all groups at most every 10 s per cluster. */
export class GroupSortFacts {
  readonly lags = new TtlMemo<GroupLags>(FACTS_TTL_MS);
  readonly members = new TtlMemo<Map<string, number>>(FACTS_TTL_MS);
  readonly lagTimes = new TtlMemo<GroupLagTimes>(FACTS_TTL_MS);

  /** Forgets a cluster's figures after the console changed a group (offsets reset, group deleted). */
  forget(cluster: string): void {
    this.lags.forget(cluster);
    this.members.forget(cluster);
    this.lagTimes.forget(cluster);
  }
}

/**
 * The first `count` of `listings` ordered by `column`, ties by id ascending; `desc` reverses the column
 * only. Lag counts only the topics `topicAllow` keeps (what the caller may see of the group).
 */
export async function sortGroupListings(
  admin: Admin,
  cluster: string,
  listings: GroupListing[],
  count: number,
  column: GroupSortColumn,
  order: ListOrder,
  facts: GroupSortFacts,
  all: () => readonly GroupListing[],
  topicAllow: NameFilter,
): Promise<GroupListing[]> {
  const sign = order === 'desc' ? -1 : 1;
  const byId = (g: GroupListing) => g.id;
  if (column === 'id')
    return firstInOrder(
      listings.map((g) => named(g, byId)),
      (a, b) => sign * namedOrder(a, b),
      count,
    ).map((k) => k.item);
  let value: (g: GroupListing) => number | string;
  if (column === 'state') value = (g) => g.state ?? 'UNKNOWN';
  else if (column === 'members') {
    const counts = await facts.members.get(cluster, () => readMembers(admin, all()));
    value = (g) => counts.get(g.id) ?? 0;
  } else if (column === 'lagTime') {
    const times = await facts.lagTimes.get(cluster, () => readLagTimes(admin, all()));
    const now = Date.now();
    value = (g) => groupLagMs(times, g.id, topicAllow, now);
  } else {
    const lags = await facts.lags.get(cluster, () => readLags(admin, all()));
    value = (g) => {
      let sum = 0;
      for (const [topic, lag] of lags.get(g.id) ?? []) if (topicAllow(topic)) sum += lag;
      return sum;
    };
  }
  const keyed = listings.map((g) => ({ ...named(g, byId), v: value(g) }));
  const compare = (a: number | string, b: number | string) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : a < b ? -1 : a > b ? 1 : 0;
  return firstInOrder(keyed, (a, b) => sign * compare(a.v, b.v) || namedOrder(a, b), count).map(
    (k) => k.item,
  );
}
