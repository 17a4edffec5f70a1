/**
 * A topic's traffic over time from Kafka's own time index (issue 35): ListOffsets by timestamp answers,
 * per partition, the first offset whose record was written at or after a time, so the records written
 * between two times are the difference of two such offsets, summed over partitions. That counts exactly
 * what the topic holds in each window (the log start and retention are honoured: a deleted window counts
 * 0), on any cluster, without an agent or any history of our own. One ListOffsets round (a request per
 * leader, bounded as every listing is) per bucket edge, a few edges at a time.
 */

import type { TopicRate } from '@console/contract';
import { type Admin, ListOffsetTimestamps } from '@platformatic/kafka';
import { mapLimit } from '../../upstream-http.ts';
import { topicMetadata } from '../metadata.ts';
import { listOffsets } from '../offsets.ts';

/** Bucket edges asked at once: each is one ListOffsets round to the topic's leaders. */
const EDGES_AT_ONCE = 4;

export type RateWindow = { from: number; to: number; buckets: number };
const HOUR_MS = 3_600_000;

/** `buckets + 1` edges from `from` to `to`, as whole milliseconds, the last one exactly `to`. */
export function edgesOf({ from, to, buckets }: RateWindow): number[] {
  return Array.from({ length: buckets + 1 }, (_, i) => Math.round(from + ((to - from) * i) / buckets));
}

/**
 * Records per bucket from per-edge offsets: `offsets[i]` maps a partition to the first offset at or after
 * edge i. Each partition's offsets never go back (a later time cannot have an earlier first offset).
 */
export function countBuckets(
  edges: readonly number[],
  offsets: readonly Map<number, number>[],
): TopicRate['buckets'] {
  return edges.slice(0, -1).map((start, i) => {
    const here = offsets[i] ?? new Map<number, number>();
    const next = offsets[i + 1] ?? new Map<number, number>();
    let records = 0;
    for (const [partition, offset] of here) records += Math.max(0, (next.get(partition) ?? offset) - offset);
    return {
      start: new Date(start).toISOString(),
      end: new Date(edges[i + 1] as number).toISOString(),
      records,
    };
  });
}

/**
 * `from: 'earliest'` reads as the oldest record the topic keeps: ListOffsets at time 0 answers each
 * partition's first record with its timestamp (an hour before `to` when the topic is empty).
 */
export async function topicRate(
  admin: Admin,
  topic: string,
  asked: Omit<RateWindow, 'from'> & { from: number | 'earliest' },
): Promise<TopicRate> {
  const { view, meta } = await topicMetadata(admin, topic);
  let from = asked.from;
  if (from === 'earliest') {
    const firsts = [...((await listOffsets(admin, view, [meta], 0n)).get(topic)?.values() ?? [])]
      .map((p) => p.timestamp)
      .filter((t) => t >= 0);
    from = firsts.length ? Math.min(asked.to - 1, ...firsts) : asked.to - HOUR_MS;
  }
  const window = { ...asked, from };
  const latest =
    (await listOffsets(admin, view, [meta], ListOffsetTimestamps.LATEST)).get(topic) ?? new Map();
  const edges = edgesOf(window);
  // A time after the last record answers -1: every record is before it, so its offset is the end.
  const offsets = await mapLimit(edges, EDGES_AT_ONCE, async (edge) => {
    const at = (await listOffsets(admin, view, [meta], BigInt(edge))).get(topic) ?? new Map();
    const byPartition = new Map<number, number>();
    for (const [partition, end] of latest) {
      const found = at.get(partition)?.offset ?? -1;
      byPartition.set(partition, found < 0 ? end.offset : found);
    }
    return byPartition;
  });
  return {
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
    step: Math.round((window.to - window.from) / window.buckets),
    buckets: countBuckets(edges, offsets),
  };
}
