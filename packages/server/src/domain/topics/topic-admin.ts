import type { Topic } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { readMetadata, type TopicMeta } from '../../kafka/metadata.ts';
import { readUntil, untilShown } from '../../kafka/settled.ts';
import { describeTopics } from './topic-describe.ts';
import type { TopicNaming } from './topic-naming.ts';

export type NewTopic = {
  name: string;
  partitions: number;
  replication: number;
  configs: Record<string, string>;
};

/** Creates the topic and answers it described, once every partition has a leader. */
export async function createTopic(admin: Admin, naming: TopicNaming, topic: NewTopic): Promise<Topic> {
  await admin.createTopics({
    topics: [topic.name],
    partitions: topic.partitions,
    replicas: topic.replication,
    configs: Object.entries(topic.configs).map(([name, value]) => ({ name, value })),
  });
  const { view, meta } = await untilLed(admin, topic.name, topic.partitions);
  const [created] = await describeTopics(admin, view, [meta], naming);
  if (!created) throw new Error(`topic ${topic.name} vanished after creation`);
  return created;
}

/**
 * The topic once the metadata shows its `count` partitions, each with a leader (readUntil); a partition
 * still without one after that is described as leaderless.
 */
async function untilLed(admin: Admin, name: string, count: number) {
  const view = await readUntil(
    () => readMetadata(admin, [name]),
    (read) => isLed(read.topics.get(name), count),
  );
  const meta = view.topics.get(name) ?? { name, id: '', internal: false, partitions: [] };
  return { view, meta };
}

const isLed = (meta: TopicMeta | undefined, count: number) =>
  meta !== undefined &&
  meta.partitions.length > 0 &&
  meta.partitions.length >= count &&
  meta.partitions.every((p) => p.leader >= 0);

/** Deletes the topic; answers once the metadata no longer shows it, so a read right after is a 404. */
export async function deleteTopic(admin: Admin, name: string): Promise<void> {
  await admin.deleteTopics({ topics: [name] });
  await untilShown(
    () => readMetadata(admin, [name]),
    (read) => !read.topics.has(name),
  );
}

/**
 * Raises the partition count to `count`; Kafka refuses a count that is not an increase. Answers once the
 * metadata shows the new partitions, so the topic read right after has them.
 */
export async function increasePartitions(admin: Admin, name: string, count: number): Promise<void> {
  await admin.createPartitions({ topics: [{ name, count }] });
  await untilLed(admin, name, count);
}
