import type { ConsumerGroup, TimeOffset } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { readMetadata, type TopicMeta } from '../../kafka/metadata.ts';
import { listOffsets, partitionOffsets } from '../../kafka/offsets.ts';
import { toConsumerGroup } from '../topics/topic-groups.ts';
import type { NameFilter } from '../topics/topic-list.ts';
import { byName, firstByName, nameMatcher } from '../topics/topic-naming.ts';
import { committedKey, committedOffsets, committedTopic } from './committed-offsets.ts';
import { describeConsumerGroups, type GroupListing, listConsumerGroups } from './groups.ts';

/**
 * Groups described with every offset they committed and the lag on each: one describe and one offset
 * fetch per coordinator for all of them, then one metadata request and one offsets exchange per leader
 * for the topics they touch. So a page of groups costs the same whatever the cluster holds.
 */
export async function describeWithOffsets(
  admin: Admin,
  listings: readonly GroupListing[],
): Promise<ConsumerGroup[]> {
  if (listings.length === 0) return [];
  const [described, committed] = await Promise.all([
    describeConsumerGroups(admin, listings),
    committedOffsets(
      admin,
      listings.map((g) => ({ id: g.id, topics: null })),
    ),
  ]);
  const names = new Set<string>();
  for (const offsets of committed.values()) {
    for (const k of offsets.keys()) names.add(committedTopic(k));
  }
  for (const g of described)
    for (const m of g.members) for (const a of m.assignments ?? []) names.add(a.topic);
  const view = names.size ? await readMetadata(admin, [...names]) : undefined;
  const topics = view ? [...view.topics.values()] : [];
  const ends = view && topics.length ? await partitionOffsets(admin, view, topics) : new Map();
  return described
    .map((g) => toConsumerGroup(g, committed.get(g.id) ?? new Map(), ends, names))
    .sort((a, b) => byName(a.id, b.id));
}

export type GroupPageRequest = {
  search?: string | undefined;
  page: number;
  pageSize: number;
  allow: NameFilter;
  /**
   * The first `count` of the filtered listings in the asked order (ties by id); `all` is every listing.
   * By id when absent.
   */
  arrange?:
    | ((listings: GroupListing[], all: readonly GroupListing[], count: number) => Promise<GroupListing[]>)
    | undefined;
};

/** One page of the group list: ids filtered and sorted first, then only the page's groups described. */
export async function groupPage(
  admin: Admin,
  request: GroupPageRequest,
): Promise<{ results: ConsumerGroup[]; total: number; pages: number }> {
  const matches = nameMatcher(request.search);
  const every = await listConsumerGroups(admin);
  const matching = every.filter((g) => request.allow(g.id) && matches(g.id));
  const start = (request.page - 1) * request.pageSize;
  const end = start + request.pageSize;
  const onPage = (
    request.arrange ? await request.arrange(matching, every, end) : firstByName(matching, (g) => g.id, end)
  ).slice(start);
  const described = new Map((await describeWithOffsets(admin, onPage)).map((g) => [g.id, g]));
  const results = onPage.flatMap((g) => described.get(g.id) ?? []);
  return { results, total: matching.length, pages: Math.ceil(matching.length / request.pageSize) };
}

/** How the group is listed; an id Kafka does not know is described as a classic group (it answers DEAD). */
export async function groupListing(admin: Admin, group: string): Promise<GroupListing> {
  return (await listConsumerGroups(admin)).find((g) => g.id === group) ?? { id: group, kind: 'classic' };
}

/**
 * One group as Kafka describes it: an unknown id is 200 with state DEAD and nothing else
 * (docs/api-conventions.md#consumer-groups).
 */
export async function describeGroup(
  admin: Admin,
  group: string,
  kind?: GroupListing['kind'],
): Promise<ConsumerGroup> {
  // The kind the group index saw spares listing every group of the cluster (50,000 at 200 ms) to learn it;
  // a group that changed kind since (or is gone) is not found so, and is looked up in the listing.
  if (kind) {
    const [known] = await describeWithOffsets(admin, [{ id: group, kind }]);
    if (known && known.state !== 'DEAD') return known;
  }
  const [found] = await describeWithOffsets(admin, [await groupListing(admin, group)]);
  return (
    found ?? {
      id: group,
      simpleConsumerGroup: false,
      state: 'DEAD',
      coordinator: { id: -1, host: '', port: -1 },
    }
  );
}

/**
 * Per partition the group has offsets on, the first offset at or after `timestamp`
 * (docs/api-conventions.md#consumer-groups); a partition with nothing that recent gets its end offset, where
 * a consumer would then start.
 */
export async function groupOffsetsAt(admin: Admin, group: string, timestamp: number): Promise<TimeOffset[]> {
  const committed = (await committedOffsets(admin, [{ id: group, topics: null }])).get(group) ?? new Map();
  const names = [...new Set([...committed.keys()].map(committedTopic))];
  if (names.length === 0) return [];
  const view = await readMetadata(admin, names);
  const topics: TopicMeta[] = [...view.topics.values()];
  const [at, ends] = await Promise.all([
    listOffsets(admin, view, topics, BigInt(timestamp)),
    partitionOffsets(admin, view, topics),
  ]);
  return topics
    .flatMap((t) =>
      t.partitions.map((p) => {
        const found = at.get(t.name)?.get(p.id)?.offset;
        const offset = found !== undefined && found >= 0 ? found : (ends.get(t.name)?.get(p.id)?.last ?? 0);
        return { topic: t.name, partition: p.id, offset };
      }),
    )
    .filter((o) => committed.has(committedKey(o.topic, o.partition)))
    .sort((a, b) => byName(a.topic, b.topic) || a.partition - b.partition);
}
