import type { Admin } from '@platformatic/kafka';
import { chunked, requestLimits } from '../cluster/request-limits.ts';
import { describeConsumerGroups, type GroupListing, listConsumerGroups } from '../groups.ts';
import { committedOffsets, committedTopic } from './committed-offsets.ts';

/** What the index keeps of a group: its listing and the topics it has offsets on or members assigned to. */
export type IndexedGroup = { listing: GroupListing; topics: readonly string[] };

/**
 * Reads what the index keeps of `listings`, `groupsPerRequest` groups at a time, one batch after the
 * other: their committed offsets (OffsetFetch naming no topics: all they have) and, for those with
 * members, their assignments. A build never has more than one request of its own in flight, and holds
 * the offsets of one batch only.
 */
export async function indexGroups(
  admin: Admin,
  listings: readonly GroupListing[],
  names: Map<string, string> = new Map(),
): Promise<Map<string, IndexedGroup>> {
  const intern = (name: string) => {
    const known = names.get(name);
    if (known !== undefined) return known;
    names.set(name, name);
    return name;
  };
  const index = new Map<string, IndexedGroup>();
  for (const batch of chunked(listings, requestLimits(admin).groupsPerRequest)) {
    const committed = await committedOffsets(
      admin,
      batch.map((g) => ({ id: g.id, topics: null })),
    );
    const live = batch.filter((g) => g.kind === 'consumer' || g.state !== 'EMPTY');
    const described = live.length ? await describeConsumerGroups(admin, live) : [];
    const assigned = new Map(
      described.map((g) => [g.id, g.members.flatMap((m) => (m.assignments ?? []).map((a) => a.topic))]),
    );
    for (const listing of batch) {
      const topics = new Set<string>();
      for (const key of committed.get(listing.id)?.keys() ?? []) topics.add(intern(committedTopic(key)));
      for (const topic of assigned.get(listing.id) ?? []) topics.add(intern(topic));
      index.set(listing.id, { listing, topics: [...topics] });
    }
  }
  return index;
}

/** The whole index: every consumer group of the cluster (one ListGroups), then indexGroups. */
export async function buildIndex(admin: Admin): Promise<Map<string, IndexedGroup>> {
  return indexGroups(admin, await listConsumerGroups(admin));
}
