import type { ListOrder, TopicSortColumn } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import type { ClusterView, TopicMeta } from '../../kafka/metadata.ts';
import { partitionOffsets } from '../../kafka/offsets.ts';
import { trafficSince } from '../traffic/recent-traffic.ts';
import type { LogDirSource } from './topic-describe.ts';
import { byName } from './topic-naming.ts';
import type { TtlMemo } from './ttl-memo.ts';

/** What a sort needs besides the all-topic Metadata answer: sizes and record counts, both cached. */
export type SortSources = {
  cluster: string;
  view: ClusterView;
  logDirs: LogDirSource;
  records: TtlMemo<Map<string, number>>;
  /** Records written in the last 24 hours per topic (the time index), kept as long as the record counts. */
  traffic: TtlMemo<Map<string, number>>;
};

const DAY_MS = 86_400_000;

const underReplicated = (t: TopicMeta) => t.partitions.filter((p) => p.isr.length < p.replicas.length).length;

/** Bytes on the leaders' log dirs of each topic, from the list's log-dir cache (one exchange for all). */
async function sizes(admin: Admin, s: SortSources, metas: TopicMeta[]): Promise<Map<string, number>> {
  const dirs = (await s.logDirs(admin, s.view.brokers.values(), metas)) ?? [];
  const leaders = new Map<string, number>();
  for (const t of metas) for (const p of t.partitions) leaders.set(`${p.id}\u0000${t.name}`, p.leader);
  const totals = new Map<string, number>();
  for (const d of dirs) {
    if (d.future || leaders.get(`${d.partition}\u0000${d.topic}`) !== d.brokerId) continue;
    totals.set(d.topic, (totals.get(d.topic) ?? 0) + d.size);
  }
  return totals;
}

/**
 * Records (last − first offset) of every topic of the cluster: ListOffsets in bounded requests per leader
 * (10 requests of 1,000 partitions each way at 10,000 partitions), kept a few seconds per cluster so
 * paging through a sorted list pays it once.
 */
function records(admin: Admin, s: SortSources): Promise<Map<string, number>> {
  return s.records.get(s.cluster, async () => {
    const offsets = await partitionOffsets(admin, s.view, [...s.view.topics.values()]);
    const totals = new Map<string, number>();
    for (const [topic, partitions] of offsets) {
      let sum = 0;
      for (const o of partitions.values()) sum += o.last - o.first;
      totals.set(topic, sum);
    }
    return totals;
  });
}

/**
 * `names` (already filtered) ordered by `column`, ties by name ascending; `desc` reverses the column
 * only. Only the column asked for is read: partitions and under-replicated come from the Metadata
 * answer the list already holds, sizes and records from their caches.
 */
export async function sortTopicNames(
  admin: Admin,
  names: string[],
  column: TopicSortColumn,
  order: ListOrder,
  sources: SortSources,
): Promise<string[]> {
  const sign = order === 'desc' ? -1 : 1;
  if (column === 'name') return order === 'desc' ? [...names].sort(byName).reverse() : names;
  const metas = names.flatMap((n) => sources.view.topics.get(n) ?? []);
  let value: (name: string) => number;
  if (column === 'partitions') value = (n) => sources.view.topics.get(n)?.partitions.length ?? 0;
  else if (column === 'underReplicated') {
    const counts = new Map(metas.map((t) => [t.name, underReplicated(t)]));
    value = (n) => counts.get(n) ?? 0;
  } else {
    const totals =
      column === 'size'
        ? await sizes(admin, sources, metas)
        : column === 'traffic'
          ? await sources.traffic.get(sources.cluster, () =>
              trafficSince(admin, sources.view, [...sources.view.topics.values()], Date.now() - DAY_MS),
            )
          : await records(admin, sources);
    value = (n) => totals.get(n) ?? 0;
  }
  const keyed = names.map((n) => ({ n, v: value(n) }));
  keyed.sort((a, b) => sign * (a.v - b.v) || byName(a.n, b.n));
  return keyed.map((k) => k.n);
}
