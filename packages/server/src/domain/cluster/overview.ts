import type { ClusterOverview } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { brokerReleases } from '../../kafka/cluster/broker-version.ts';
import { describeConfigEntries } from '../../kafka/configs.ts';
import { brokerSizes } from '../../kafka/log-dirs.ts';
import type { ClusterView } from '../../kafka/metadata.ts';
import type { KafkaPool } from '../../kafka/pool.ts';
import { TopicNameCache } from '../../kafka/topic-name-cache.ts';
import type { Config } from '../../platform/config/schema.ts';
import { listConsumerGroups } from '../groups/groups.ts';
import type { NameFilter } from '../topics/topic-list.ts';
import { isInternalName, type TopicNaming, topicNaming } from '../topics/topic-naming.ts';
import { TtlMemo } from '../topics/ttl-memo.ts';
import { trafficSince } from '../traffic/recent-traffic.ts';

/** What the caller may see: topics by TOPIC READ; brokers and sizes with NODE READ; groups with CONSUMER_GROUP READ. */
export type OverviewAccess = { topics: NameFilter; nodes: boolean; groups: NameFilter | undefined };

const VIEW_TTL_MS = 5_000;
const SIZES_TTL_MS = 10_000;
const MIN_ISR_TTL_MS = 60_000;
const RELEASES_TTL_MS = 60_000;
const TRAFFIC_TTL_MS = 60_000;
const DAY_MS = 86_400_000;

/** The brokers' default min.insync.replicas (read from the controller, or any broker); 1 when unreadable. */
async function defaultMinIsr(admin: Admin, view: ClusterView): Promise<number> {
  const id = view.brokers.has(view.controller) ? view.controller : [...view.brokers.keys()][0];
  if (id === undefined) return 1;
  const entries = await describeConfigEntries(admin, { type: 'BROKER', name: String(id) }).catch(() => []);
  const value = Number(entries.find((e) => e.name === 'min.insync.replicas')?.value);
  return Number.isInteger(value) && value > 0 ? value : 1;
}

function topicFigures(view: ClusterView, naming: TopicNaming, allow: NameFilter, minIsr: number) {
  const figures = {
    count: 0,
    internal: 0,
    partitions: 0,
    underReplicated: 0,
    offline: 0,
    underMinIsr: 0,
    topicsUnderReplicated: 0,
  };
  for (const t of view.topics.values()) {
    if (!allow(t.name)) continue;
    figures.count++;
    if (t.internal || isInternalName(naming, t.name)) figures.internal++;
    let under = 0;
    for (const p of t.partitions) {
      figures.partitions++;
      if (p.isr.length < p.replicas.length) under++;
      if (p.leader < 0) figures.offline++;
      if (p.isr.length < Math.min(minIsr, p.replicas.length)) figures.underMinIsr++;
    }
    figures.underReplicated += under;
    if (under) figures.topicsUnderReplicated++;
  }
  return figures;
}

/**
 * The cluster's landing page from what other screens already pay for: the all-topic Metadata answer
 * (kept 5 s), each broker's log-dir totals (kept 10 s), the brokers' min.insync.replicas and each
 * broker's ApiVersions (its release; both kept 60 s), one ListGroups, and the records written in the last
 * 24 hours (two ListOffsets rounds over every partition, kept 60 s). Nothing is asked per topic or
 * per group, so it costs the same few requests at 10,000 topics as at 10. Under min ISR uses the
 * broker default: a per-topic override would need a DescribeConfigs per topic.
 */
export function overviewService(config: Config, pool: KafkaPool) {
  const naming = topicNaming(config);
  const views = new TopicNameCache(VIEW_TTL_MS);
  const sizes = new TtlMemo<Map<number, number>>(SIZES_TTL_MS);
  const minIsr = new TtlMemo<number>(MIN_ISR_TTL_MS);
  const releases = new TtlMemo<Map<number, string>>(RELEASES_TTL_MS);
  const traffic = new TtlMemo<Map<string, number>>(TRAFFIC_TTL_MS);

  return (cluster: string, access: OverviewAccess): Promise<ClusterOverview> =>
    pool.run(cluster, async (admin) => {
      const view = await views.view(cluster, admin);
      const [perBroker, versions, min, groups, written] = await Promise.all([
        access.nodes ? sizes.get(cluster, () => brokerSizes(admin, view)) : undefined,
        access.nodes ? releases.get(cluster, () => brokerReleases(admin, view)) : undefined,
        minIsr.get(cluster, () => defaultMinIsr(admin, view)),
        access.groups ? listConsumerGroups(admin) : undefined,
        // Two bounded ListOffsets rounds for every partition, kept a minute (recent-traffic.ts).
        traffic.get(cluster, () => trafficSince(admin, view, [...view.topics.values()], Date.now() - DAY_MS)),
      ]);
      let written24h = 0;
      for (const [topic, records] of written) if (access.topics(topic)) written24h += records;
      const replicas = new Map<number, { partitions: number; leaders: number }>();
      for (const t of view.topics.values())
        for (const p of t.partitions) {
          for (const id of p.replicas) {
            const r = replicas.get(id) ?? { partitions: 0, leaders: 0 };
            r.partitions++;
            if (id === p.leader) r.leaders++;
            replicas.set(id, r);
          }
        }
      const brokers = access.nodes
        ? [...view.brokers.values()]
            .sort((a, b) => a.id - b.id)
            .map((b) => ({
              ...b,
              controller: b.id === view.controller,
              partitions: replicas.get(b.id)?.partitions ?? 0,
              leaders: replicas.get(b.id)?.leaders ?? 0,
              ...(perBroker?.has(b.id) ? { size: perBroker.get(b.id) } : {}),
              ...(versions?.has(b.id) ? { version: versions.get(b.id) } : {}),
            }))
        : [];
      const allowGroup = access.groups;
      const byState: Record<string, number> = {};
      let groupCount = 0;
      for (const g of groups ?? []) {
        if (!allowGroup?.(g.id)) continue;
        groupCount++;
        const state = g.state ?? 'UNKNOWN';
        byState[state] = (byState[state] ?? 0) + 1;
      }
      const total = perBroker?.size ? [...perBroker.values()].reduce((a, b) => a + b, 0) : undefined;
      return {
        brokers,
        controller: access.nodes ? view.controller : -1,
        racks: [...new Set(brokers.flatMap((b) => (b.rack ? [b.rack] : [])))].sort(),
        topics: topicFigures(view, naming, access.topics, min),
        ...(total !== undefined ? { size: total } : {}),
        written24h,
        ...(groups ? { groups: { count: groupCount, byState } } : {}),
      };
    });
}
