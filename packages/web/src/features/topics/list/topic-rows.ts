import type { ConsumerGroup, LastRecords, Topic } from '@console/contract';
import { groupTopicLag } from '../../groups/group-rows';

/** `lag` is null when the group has committed no offset on the topic (shown as such, not as 0). */
export type TopicGroup = { id: string; active: boolean; lag: number | null };

/**
 * `lastRecord` and `groups` stay undefined until their batched calls answer (docs/behaviour.md#topic-list).
 */
export type TopicRow = {
  name: string;
  count: number;
  logDirSize: number | undefined;
  lastRecord: string | null | undefined;
  partitions: number;
  replicationFactor: number;
  inSync: number;
  /** Partitions with a replica out of sync. */
  underReplicated: number;
  /** Partitions without a leader: nothing can be read from or written to them. */
  offline: number;
  groups: TopicGroup[] | undefined;
  /** Groups reading the topic beyond those the column shows (its Groups tab lists them all). */
  moreGroups: number;
  /** Records written per hour over the last 24 hours, oldest first; undefined until its call answers. */
  traffic: number[] | undefined;
  /** A Streams app's internal topics folded into this one row (streams-fold.ts); `name` is the app id. */
  streamsApp?: { id: string; topics: TopicRow[] };
};

export function groupsOfTopic(topic: string, groups: readonly ConsumerGroup[]): TopicGroup[] {
  return groups
    .filter((group) => group.topics?.includes(topic) || group.activeTopics?.includes(topic))
    .map((group) => ({
      id: group.id,
      active: group.activeTopics?.includes(topic) ?? false,
      lag: groupTopicLag(group, topic),
    }));
}

export function toTopicRows(
  topics: readonly Topic[],
  lastRecords: LastRecords | undefined,
  groups: { groups: readonly ConsumerGroup[]; more: Readonly<Record<string, number>> } | undefined,
  traffic?: Readonly<Record<string, number[]>>,
): TopicRow[] {
  return topics.map((topic) => ({
    name: topic.name,
    count: topic.size,
    logDirSize: topic.logDirSize,
    lastRecord: lastRecords ? (lastRecords[topic.name]?.timestamp ?? null) : undefined,
    partitions: topic.partitions.length,
    replicationFactor: topic.replicaCount,
    inSync: topic.inSyncReplicaCount,
    underReplicated: topic.partitions.filter((p) => p.nodes.some((n) => !n.inSyncReplicas)).length,
    offline: topic.partitions.filter((p) => p.leader === undefined).length,
    groups: groups ? groupsOfTopic(topic.name, groups.groups) : undefined,
    moreGroups: groups?.more[topic.name] ?? 0,
    traffic: traffic?.[topic.name],
  }));
}
