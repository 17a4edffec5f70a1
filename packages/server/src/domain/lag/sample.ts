import { type Admin, FetchIsolationLevels, ListOffsetTimestamps } from '@platformatic/kafka';
import { readMetadata, type TopicMeta } from '../../kafka/metadata.ts';
import { listOffsets } from '../../kafka/offsets.ts';
import { committedKey, committedOffsets } from '../groups/committed-offsets.ts';
import type { IndexSnapshot } from '../groups/group-index.ts';
import { LIVE_STATES, listConsumerGroups } from '../groups/groups.ts';
import { addTimeLags } from './time/sample-time-lag.ts';

/**
 * One group's lag on one topic at one sample: the total and each partition's (partition, lag), and the
 * highest time lag of its partitions when an alert rule watches it (sample-time-lag.ts).
 */
export type TopicLag = {
  group: string;
  topic: string;
  lag: number;
  partitions: [number, number][];
  lagMs?: number;
};
export type LagSample = {
  timestamp: number;
  lags: TopicLag[];
  /** Every sampled group, and whether it had members. */
  members: Map<string, boolean>;
};

/**
 * Every group's lag per topic-partition, for the groups and topics the group index knows: one Metadata
 * request, one ListGroups (which groups have members), one OffsetFetch pass over all groups and one
 * ListOffsets pass over all their partitions, both in the bounded requests of domain/groups (at most
 * `groupsPerRequest` groups and `partitionsPerRequest` partitions a request, `requestConcurrency` in
 * flight). Nothing here is sent per group. Partitions without a committed offset have no lag.
 */
export async function sampleLag(
  admin: Admin,
  index: IndexSnapshot,
  now = Date.now(),
  timeLag: (group: string, topic: string) => boolean = () => false,
): Promise<LagSample> {
  const groups = [...index.groups()].filter((g) => g.topics.length > 0);
  const names = [...new Set(groups.flatMap((g) => g.topics))];
  const members = new Map<string, boolean>();
  if (names.length === 0) return { timestamp: now, lags: [], members };
  const [view, live] = await Promise.all([
    readMetadata(admin, names),
    listConsumerGroups(admin, LIVE_STATES),
  ]);
  const liveIds = new Set(live.map((g) => g.id));
  const metas = (topics: readonly string[]) => topics.flatMap((t) => view.topics.get(t) ?? []);
  const [committed, ends] = await Promise.all([
    committedOffsets(
      admin,
      groups.map((g) => ({ id: g.listing.id, topics: metas(g.topics) })),
    ),
    listOffsets(
      admin,
      view,
      [...view.topics.values()],
      ListOffsetTimestamps.LATEST,
      FetchIsolationLevels.READ_COMMITTED,
    ),
  ]);
  const lags: TopicLag[] = [];
  for (const g of groups) {
    const id = g.listing.id;
    members.set(id, liveIds.has(id));
    const offsets = committed.get(id);
    if (!offsets) continue;
    for (const topic of metas(g.topics)) {
      const lag = topicLag(id, topic, offsets, ends.get(topic.name));
      if (lag) lags.push(lag);
    }
  }
  await addTimeLags(admin, view, lags, committed, ends, timeLag, now);
  return { timestamp: now, lags, members };
}

function topicLag(
  group: string,
  topic: TopicMeta,
  offsets: Map<string, { offset: number }>,
  ends: Map<number, { offset: number }> | undefined,
): TopicLag | undefined {
  const partitions: [number, number][] = [];
  let total = 0;
  for (const p of topic.partitions) {
    const committed = offsets.get(committedKey(topic.name, p.id));
    const end = ends?.get(p.id);
    if (!committed || !end) continue;
    const lag = Math.max(0, end.offset - committed.offset);
    partitions.push([p.id, lag]);
    total += lag;
  }
  return partitions.length ? { group, topic: topic.name, lag: total, partitions } : undefined;
}
