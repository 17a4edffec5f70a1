/**
 * Recent traffic of many topics at once, for the topic list's sparkline column and its sort, and the
 * overview's total: the same time-index counting as topic-rate.ts, but every topic of the page (or the
 * cluster) in each ListOffsets round, so the cost grows with the rounds (edges), not with the topics.
 */
import { type Admin, ListOffsetTimestamps } from '@platformatic/kafka';
import { mapLimit } from '../../upstream-http.ts';
import type { ClusterView, TopicMeta } from '../metadata.ts';
import { listOffsets } from '../offsets.ts';
import { edgesOf } from './topic-rate.ts';

const EDGES_AT_ONCE = 4;

/** topic → partition → first offset at or after the edge (the end offset when none is). */
type Positions = Map<string, Map<number, number>>;

async function positionsAt(
  admin: Admin,
  view: ClusterView,
  metas: readonly TopicMeta[],
  edges: readonly number[],
) {
  const latest = await listOffsets(admin, view, metas, ListOffsetTimestamps.LATEST);
  return mapLimit(edges, EDGES_AT_ONCE, async (edge): Promise<Positions> => {
    const at = await listOffsets(admin, view, metas, BigInt(edge));
    const positions: Positions = new Map();
    for (const [topic, partitions] of latest) {
      const byPartition = new Map<number, number>();
      for (const [partition, end] of partitions) {
        const found = at.get(topic)?.get(partition)?.offset ?? -1;
        byPartition.set(partition, found < 0 ? end.offset : found);
      }
      positions.set(topic, byPartition);
    }
    return positions;
  });
}

const between = (from: Map<number, number> | undefined, to: Map<number, number> | undefined) => {
  let records = 0;
  for (const [partition, offset] of from ?? [])
    records += Math.max(0, (to?.get(partition) ?? offset) - offset);
  return records;
};

/** Records written per bucket over the window, per topic: `buckets` counts each. */
export async function recentTraffic(
  admin: Admin,
  view: ClusterView,
  metas: readonly TopicMeta[],
  window: { from: number; to: number; buckets: number },
): Promise<Map<string, number[]>> {
  const edges = edgesOf(window);
  const positions = await positionsAt(admin, view, metas, edges);
  return new Map(
    metas.map((t) => [
      t.name,
      edges.slice(0, -1).map((_, i) => between(positions[i]?.get(t.name), positions[i + 1]?.get(t.name))),
    ]),
  );
}

/** Records written since `from`, per topic: two ListOffsets rounds for all of `metas`. */
export async function trafficSince(
  admin: Admin,
  view: ClusterView,
  metas: readonly TopicMeta[],
  from: number,
): Promise<Map<string, number>> {
  const [start] = await positionsAt(admin, view, metas, [from]);
  const end = await listOffsets(admin, view, metas, ListOffsetTimestamps.LATEST);
  return new Map(
    metas.map((t) => {
      const last = new Map([...(end.get(t.name) ?? [])].map(([p, o]) => [p, o.offset]));
      return [t.name, between(start?.get(t.name), last)];
    }),
  );
}
