import { type Admin, ListOffsetTimestamps } from '@platformatic/kafka';
import {
  type FirstRecordWant,
  firstRecordKey,
  firstRecordTimestamps,
} from '../../../kafka/fetch/first-records.ts';
import type { ClusterView } from '../../../kafka/metadata.ts';
import { listOffsets } from '../../../kafka/offsets.ts';
import { type Committed, committedKey } from '../../groups/committed-offsets.ts';

type Ends = Map<string, Map<number, { offset: number }>>;
/** A sampled lag (sample.ts's TopicLag), given its `lagMs` here. */
type TopicLag = { group: string; topic: string; lag: number; partitions: [number, number][]; lagMs?: number };

/**
 * Sets `lagMs` (the highest now − timestamp of the first record not consumed, over the partitions) on the
 * sampled lags `wanted` names (those a time-lag alert rule watches) that have lag: one ListOffsets
 * (EARLIEST) pass over their topics, then one bounded read per lagging partition and committed offset,
 * batched per leader (first-records.ts). Nothing is read when no rule watches time lag.
 */
export async function addTimeLags(
  admin: Admin,
  view: ClusterView,
  lags: readonly TopicLag[],
  committed: ReadonlyMap<string, Committed>,
  ends: Ends,
  wanted: (group: string, topic: string) => boolean,
  now: number,
): Promise<void> {
  const watched = lags.filter((l) => l.lag > 0 && wanted(l.group, l.topic));
  const topics = [...new Set(watched.map((l) => l.topic))].flatMap((t) => view.topics.get(t) ?? []);
  if (topics.length === 0) return;
  const starts = await listOffsets(admin, view, topics, ListOffsetTimestamps.EARLIEST);
  const wants = new Map<string, FirstRecordWant>();
  const keys = new Map<TopicLag, string[]>();
  for (const l of watched) {
    const topic = view.topics.get(l.topic);
    if (!topic) continue;
    const mine: string[] = [];
    for (const [partition, lag] of l.partitions) {
      const offset = committed.get(l.group)?.get(committedKey(l.topic, partition))?.offset;
      const end = ends.get(l.topic)?.get(partition)?.offset;
      if (lag === 0 || offset === undefined || end === undefined) continue;
      const from = Math.max(offset, starts.get(l.topic)?.get(partition)?.offset ?? 0);
      const key = firstRecordKey(l.topic, partition, from);
      wants.set(key, { topic, partition, offset: from, end });
      mine.push(key);
    }
    keys.set(l, mine);
  }
  const found = await firstRecordTimestamps(admin, view, [...wants.values()]);
  for (const [l, mine] of keys) {
    const times = mine.flatMap((k) => found.get(k) ?? []);
    if (times.length) l.lagMs = Math.max(0, now - Math.min(...times));
  }
}
