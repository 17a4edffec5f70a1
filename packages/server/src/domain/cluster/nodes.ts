import type { NodeList, NodePartitions } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { type BrokerInfo, readMetadata } from '../../kafka/metadata.ts';
import type { KafkaPool } from '../../kafka/pool.ts';
import { notFound } from '../../platform/errors.ts';
import type { NameFilter } from '../topics/topic-list.ts';
import { shownBy, type TopicNaming } from '../topics/topic-naming.ts';

export async function listNodes(pool: KafkaPool, cluster: string): Promise<NodeList> {
  const metadata = await pool.run(cluster, (admin) => admin.metadata({ topics: [], forceUpdate: true }));
  const nodes = [...metadata.brokers.entries()]
    .map(([id, b]) => ({ id, host: b.host, port: b.port, ...(b.rack ? { rack: b.rack } : {}) }))
    .sort((a, b) => a.id - b.id);
  const controller = nodes.find((n) => n.id === metadata.controllerId);
  return { id: metadata.id, nodes, ...(controller ? { controller } : {}) };
}

/** The broker with this id (as written in the URL), or a 404 in AKHQ's words (`Node 'n' doesn't exist`). */
export async function findBroker(admin: Admin, id: string): Promise<BrokerInfo> {
  const view = await readMetadata(admin, []);
  const broker = /^\d+$/.test(id) ? view.brokers.get(Number(id)) : undefined;
  if (!broker) throw notFound(`Node '${id}' doesn't exist`);
  return broker;
}

/**
 * Leader and in-sync counts per broker over the topics the default view shows (internal ones hidden) that
 * `allow` keeps, from one metadata request. Every broker has a row, holding replicas or not; the total is
 * the same on each.
 */
export async function nodePartitions(
  admin: Admin,
  naming: TopicNaming,
  allow: NameFilter,
): Promise<NodePartitions[]> {
  const view = await readMetadata(admin);
  const rows = new Map<number, NodePartitions>();
  const row = (id: number) => {
    const found = rows.get(id) ?? { id, countLeader: 0, countInSyncReplicas: 0, totalPartitions: 0 };
    rows.set(id, found);
    return found;
  };
  for (const id of view.brokers.keys()) row(id);
  let total = 0;
  for (const topic of view.topics.values()) {
    if (!shownBy('HIDE_INTERNAL', naming, topic.name) || !allow(topic.name)) continue;
    for (const p of topic.partitions) {
      total++;
      if (p.leader >= 0) row(p.leader).countLeader++;
      for (const id of p.isr) row(id).countInSyncReplicas++;
    }
  }
  return [...rows.values()].map((r) => ({ ...r, totalPartitions: total })).sort((a, b) => a.id - b.id);
}
