import type { LogDir, Partition, ReplicaNode, Topic } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { topicLogDirsIfAvailable } from '../../kafka/log-dirs.ts';
import type { BrokerInfo, ClusterView, PartitionMeta, TopicMeta } from '../../kafka/metadata.ts';
import { type OffsetTable, partitionOffsets } from '../../kafka/offsets.ts';
import { isInternalName, isStreamName, type TopicNaming } from './topic-naming.ts';

/** Where log-dir entries come from: the brokers, or a cache in front of them. */
export type LogDirSource = (
  admin: Admin,
  brokers: Iterable<BrokerInfo>,
  topics: readonly TopicMeta[],
) => Promise<LogDir[] | undefined>;

/**
 * Full Topic models for `topics`, all described together: one offsets exchange and one log-dirs exchange
 * for the whole set, whatever its size, never a call per topic.
 */
export async function describeTopics(
  admin: Admin,
  view: ClusterView,
  topics: readonly TopicMeta[],
  naming: TopicNaming,
  logDirSource: LogDirSource = topicLogDirsIfAvailable,
): Promise<Topic[]> {
  const [offsets, logDirs] = await Promise.all([
    partitionOffsets(admin, view, topics),
    logDirSource(admin, view.brokers.values(), topics),
  ]);
  const dirs = logDirs && groupLogDirs(logDirs);
  return topics.map((t) => toTopic(t, view, offsets, dirs, naming));
}

const key = (topic: string, partition: number) => `${partition}\u0000${topic}`;

function groupLogDirs(logDirs: LogDir[]): Map<string, LogDir[]> {
  const grouped = new Map<string, LogDir[]>();
  for (const dir of logDirs) {
    const k = key(dir.topic, dir.partition);
    grouped.set(k, [...(grouped.get(k) ?? []), dir]);
  }
  return grouped;
}

function toTopic(
  meta: TopicMeta,
  view: ClusterView,
  offsets: OffsetTable,
  dirs: Map<string, LogDir[]> | undefined,
  naming: TopicNaming,
): Topic {
  const partitions = meta.partitions.map((p) => toPartition(meta.name, p, view, offsets, dirs));
  const sizes = partitions.map((p) => p.logDirSize ?? 0);
  return {
    name: meta.name,
    internal: meta.internal,
    internalTopic: meta.internal || isInternalName(naming, meta.name),
    streamTopic: isStreamName(naming, meta.name),
    partitions,
    replicaCount: Math.max(0, ...meta.partitions.map((p) => p.replicas.length)),
    inSyncReplicaCount: meta.partitions.length ? Math.min(...meta.partitions.map((p) => p.isr.length)) : 0,
    ...(dirs ? { logDirSize: sizes.reduce((a, b) => a + b, 0) } : {}),
    size: partitions.reduce((sum, p) => sum + (p.lastOffset - p.firstOffset), 0),
  };
}

function toPartition(
  topic: string,
  p: PartitionMeta,
  view: ClusterView,
  offsets: OffsetTable,
  dirs: Map<string, LogDir[]> | undefined,
): Partition {
  const replica = (id: number): ReplicaNode => {
    const broker = view.brokers.get(id);
    return {
      id,
      host: broker?.host ?? '',
      port: broker?.port ?? -1,
      ...(broker?.rack ? { rack: broker.rack } : {}),
      leader: id === p.leader,
      inSyncReplicas: p.isr.includes(id),
    };
  };
  const found = offsets.get(topic)?.get(p.id);
  const logDir = dirs?.get(key(topic, p.id));
  const onLeader = (logDir ?? []).filter((d) => d.brokerId === p.leader && !d.future);
  return {
    id: p.id,
    topic,
    ...(p.leader >= 0 ? { leader: replica(p.leader) } : {}),
    nodes: p.replicas.map(replica),
    ...(logDir?.length ? { logDir } : {}),
    firstOffset: found?.first ?? 0,
    lastOffset: found?.last ?? 0,
    ...(dirs ? { logDirSize: onLeader.reduce((sum, d) => sum + d.size, 0) } : {}),
  };
}
