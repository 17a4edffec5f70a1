import type { Admin } from '@platformatic/kafka';
import { chunked, requestLimits } from '../../kafka/cluster/request-limits.ts';
import { committedOffsets, committedTopic } from './committed-offsets.ts';
import { describeConsumerGroups, type GroupListing, listConsumerGroups } from './groups.ts';

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

/**
 * A refresh reads again every EMPTY group once in this many refreshes (5 minutes at the default 30 s):
 * nobody commits for a group without members, so its topics change only when members come and go (it
 * is then live at one refresh or the next, and read again) or an outside tool writes its offsets.
 */
export const EMPTY_ROUNDS = 10;

/**
 * The whole index: every consumer group of the cluster (one ListGroups), then indexGroups for the
 * groups `previous` does not know, those with members now or at the previous build, and one EMPTY group
 * in EMPTY_ROUNDS (by `round`); the other EMPTY groups keep what `previous` knew. Without `previous`,
 * every group is read.
 */
export async function buildIndex(
  admin: Admin,
  previous?: (id: string) => IndexedGroup | undefined,
  round = 0,
): Promise<Map<string, IndexedGroup>> {
  const listings = await listConsumerGroups(admin);
  const idle = (g: GroupListing) => g.kind === 'classic' && g.state === 'EMPTY';
  const kept = new Map<string, IndexedGroup>();
  const reread: GroupListing[] = [];
  listings.forEach((listing, i) => {
    const known = previous?.(listing.id);
    if (known && idle(listing) && idle(known.listing) && i % EMPTY_ROUNDS !== round % EMPTY_ROUNDS) {
      kept.set(listing.id, { listing, topics: known.topics });
    } else reread.push(listing);
  });
  const names = new Map<string, string>();
  for (const g of kept.values()) for (const t of g.topics) names.set(t, t);
  for (const [id, group] of await indexGroups(admin, reread, names)) kept.set(id, group);
  return kept;
}
