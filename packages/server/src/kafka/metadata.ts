import type { Admin, metadataV12 } from '@platformatic/kafka';
import { notFound } from '../platform/errors.ts';
import { send } from './protocol.ts';

export type BrokerInfo = { id: number; host: string; port: number; rack?: string };
export type PartitionMeta = {
  id: number;
  leader: number;
  leaderEpoch: number;
  replicas: number[];
  isr: number[];
};
export type TopicMeta = { name: string; id: string; internal: boolean; partitions: PartitionMeta[] };
export type ClusterView = {
  controller: number;
  brokers: Map<number, BrokerInfo>;
  topics: Map<string, TopicMeta>;
};

/**
 * One Metadata request: every topic (internal ones included) when `topics` is omitted, else those named.
 * Topics Kafka does not know are left out; a partition without a leader is kept with leader -1.
 */
export async function readMetadata(admin: Admin, topics?: readonly string[]): Promise<ClusterView> {
  const response = await send<[string[] | null, boolean, boolean], metadataV12.MetadataResponse>(
    admin,
    'any',
    'Metadata',
    () => [topics ? [...topics] : null, false, false],
    { partial: true },
  );
  const brokers = new Map<number, BrokerInfo>();
  for (const b of response.brokers) {
    brokers.set(b.nodeId, { id: b.nodeId, host: b.host, port: b.port, ...(b.rack ? { rack: b.rack } : {}) });
  }
  const found = new Map<string, TopicMeta>();
  for (const t of response.topics) {
    if (!t.name || (t.errorCode !== 0 && t.partitions.length === 0)) continue;
    const partitions = t.partitions
      .map((p) => ({
        id: p.partitionIndex,
        leader: p.leaderId,
        leaderEpoch: p.leaderEpoch,
        replicas: p.replicaNodes,
        isr: p.isrNodes,
      }))
      .sort((a, b) => a.id - b.id);
    found.set(t.name, { name: t.name, id: t.topicId, internal: t.isInternal, partitions });
  }
  return { controller: response.controllerId, brokers, topics: found };
}

export const topicNotFound = (topic: string) => notFound(`Topic '${topic}' doesn't exist`);

/** The metadata of one topic, or a 404 in AKHQ's words (`Topic 'x' doesn't exist`). */
export async function topicMetadata(
  admin: Admin,
  topic: string,
): Promise<{ view: ClusterView; meta: TopicMeta }> {
  const view = await readMetadata(admin, [topic]);
  const meta = view.topics.get(topic);
  if (!meta) throw topicNotFound(topic);
  return { view, meta };
}

/** Partitions grouped by their leader; leaderless partitions are left out (nobody could answer for them). */
export function byLeader(view: ClusterView, topics: Iterable<TopicMeta>) {
  const groups = new Map<number, { broker: BrokerInfo; topics: Map<TopicMeta, PartitionMeta[]> }>();
  for (const topic of topics) {
    for (const p of topic.partitions) {
      const broker = view.brokers.get(p.leader);
      if (!broker) continue;
      const group = groups.get(p.leader) ?? { broker, topics: new Map<TopicMeta, PartitionMeta[]>() };
      groups.set(p.leader, group);
      const list = group.topics.get(topic) ?? [];
      list.push(p);
      group.topics.set(topic, list);
    }
  }
  return [...groups.values()];
}
