import type { Admin } from '@platformatic/kafka';
import {
  type FirstRecordWant,
  firstRecordKey,
  firstRecordTimestamps,
} from '../../kafka/fetch/first-records.ts';
import { readMetadata } from '../../kafka/metadata.ts';
import { partitionOffsets } from '../../kafka/offsets.ts';
import { allCommittedOffsets, committedTopic } from './committed-offsets.ts';
import type { GroupListing } from './groups.ts';

/** Per group and topic, the oldest timestamp of a first record not consumed (absent: no lag there). */
export type GroupLagTimes = Map<string, Map<string, number>>;

/**
 * The most first records one sort of the group list reads. Past it, the partitions with the most records
 * behind are read first and the rest count as no time lag (docs/api-conventions.md#lag-in-time).
 */
export const SORT_MAX_READS = 2_000;

/**
 * For every listed group, when the oldest record it has not consumed was written, per topic. Costs what
 * the lag sort costs (one OffsetFetch pass over all groups, one offsets exchange over their partitions)
 * plus one bounded read per distinct lagging (partition, committed offset), batched per leader
 * (first-records.ts), SORT_MAX_READS at most. Groups without lag cost no read.
 */
export async function readLagTimes(admin: Admin, listings: readonly GroupListing[]): Promise<GroupLagTimes> {
  // What each group committed, kept as plain positions while the answers are read a chunk at a time.
  const positions: { group: string; name: string; partition: number; offset: number }[] = [];
  const names = new Set<string>();
  for await (const chunk of allCommittedOffsets(
    admin,
    listings.map((g) => g.id),
  )) {
    for (const [group, offsets] of chunk) {
      for (const [k, { offset }] of offsets) {
        const name = committedTopic(k);
        names.add(name);
        positions.push({ group, name, partition: Number(k.slice(0, k.indexOf('\u0000'))), offset });
      }
    }
  }
  const times: GroupLagTimes = new Map();
  if (names.size === 0) return times;
  const view = await readMetadata(admin, [...names]);
  const ends = await partitionOffsets(admin, view, [...view.topics.values()]);
  const wants = new Map<string, FirstRecordWant & { lag: number }>();
  const owners: { group: string; topic: string; key: string }[] = [];
  for (const { group, name, partition, offset } of positions) {
    const topic = view.topics.get(name);
    const end = ends.get(name)?.get(partition);
    if (!topic || !end || end.last <= offset) continue;
    const from = Math.max(offset, end.first);
    const key = firstRecordKey(name, partition, from);
    if (!wants.has(key))
      wants.set(key, { topic, partition, offset: from, end: end.last, lag: end.last - offset });
    owners.push({ group, topic: name, key });
  }
  const read = [...wants.values()].sort((a, b) => b.lag - a.lag).slice(0, SORT_MAX_READS);
  const found = await firstRecordTimestamps(admin, view, read);
  for (const { group, topic, key } of owners) {
    const at = found.get(key);
    if (at === undefined) continue;
    const perTopic = times.get(group) ?? new Map<string, number>();
    times.set(group, perTopic);
    perTopic.set(topic, Math.min(perTopic.get(topic) ?? at, at));
  }
  return times;
}
