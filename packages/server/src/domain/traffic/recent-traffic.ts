/**
 * Records written per time bucket, counted from the time index (topic-rate.ts says how): each bucket edge
 * is one ListOffsets round for every partition of `metas` (bounded as every listing is), a few edges at
 * a time, so the cost grows with the edges, not with the topics. The topic page's chart, the topic list's
 * sparkline column and its sort, and the overview's total all count this way.
 */
import { type Admin, ListOffsetTimestamps } from '@platformatic/kafka';
import type { ClusterView, TopicMeta } from '../../kafka/metadata.ts';
import { listOffsets } from '../../kafka/offsets.ts';
import { mapLimit } from '../../platform/map-limit.ts';

/** Edges asked at once: each is one ListOffsets round to the leaders, so other calls get their turn. */
const EDGES_AT_ONCE = 4;

export type RateWindow = { from: number; to: number; buckets: number };

/** `buckets + 1` edges from `from` to `to`, as whole milliseconds, the last one exactly `to`. */
export function edgesOf({ from, to, buckets }: RateWindow): number[] {
  return Array.from({ length: buckets + 1 }, (_, i) => Math.round(from + ((to - from) * i) / buckets));
}

/** topic → partition → an offset. */
type Positions = Map<string, Map<number, number>>;

/**
 * Per edge, each partition's first offset at or after it; a time after the last record answers -1, which
 * reads as the end offset (every record is before it). The end offsets come too.
 */
async function positionsAt(
  admin: Admin,
  view: ClusterView,
  metas: readonly TopicMeta[],
  edges: readonly number[],
) {
  const latest = await listOffsets(admin, view, metas, ListOffsetTimestamps.LATEST);
  const ends: Positions = new Map(
    [...latest].map(([topic, partitions]) => [
      topic,
      new Map([...partitions].map(([p, o]) => [p, o.offset])),
    ]),
  );
  const atEdges = await mapLimit(edges, EDGES_AT_ONCE, async (edge): Promise<Positions> => {
    const at = await listOffsets(admin, view, metas, BigInt(edge));
    const positions: Positions = new Map();
    for (const [topic, partitions] of ends) {
      const byPartition = new Map<number, number>();
      for (const [partition, end] of partitions) {
        const found = at.get(topic)?.get(partition)?.offset ?? -1;
        byPartition.set(partition, found < 0 ? end : found);
      }
      positions.set(topic, byPartition);
    }
    return positions;
  });
  return { ends, atEdges };
}

/** Records between two positions of a topic's partitions (offsets never go back, a later time cannot). */
const between = (from: Map<number, number> | undefined, to: Map<number, number> | undefined) => {
  let records = 0;
  for (const [partition, offset] of from ?? [])
    records += Math.max(0, (to?.get(partition) ?? offset) - offset);
  return records;
};

/** Records written per bucket over the window, per topic: `buckets` counts each, oldest first. */
export async function recentTraffic(
  admin: Admin,
  view: ClusterView,
  metas: readonly TopicMeta[],
  window: RateWindow,
): Promise<Map<string, number[]>> {
  const edges = edgesOf(window);
  const { atEdges } = await positionsAt(admin, view, metas, edges);
  return new Map(
    metas.map((t) => [
      t.name,
      edges.slice(0, -1).map((_, i) => between(atEdges[i]?.get(t.name), atEdges[i + 1]?.get(t.name))),
    ]),
  );
}

/** Records written since `from`, per topic: two ListOffsets rounds (the end, and `from`) for all of `metas`. */
export async function trafficSince(
  admin: Admin,
  view: ClusterView,
  metas: readonly TopicMeta[],
  from: number,
): Promise<Map<string, number>> {
  const { ends, atEdges } = await positionsAt(admin, view, metas, [from]);
  return new Map(metas.map((t) => [t.name, between(atEdges[0]?.get(t.name), ends.get(t.name))]));
}
