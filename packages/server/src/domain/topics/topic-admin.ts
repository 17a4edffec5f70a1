import type { Topic } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { readMetadata, type TopicMeta } from '../../kafka/metadata.ts';
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
 * The controller answers createTopics and createPartitions before every broker's metadata shows the
 * topic's `count` partitions with leaders; the topic is read again for up to two seconds until it does
 * (a leaderless partition is described as such).
 */
async function untilLed(admin: Admin, name: string, count: number) {
  let view = await readMetadata(admin, [name]);
  for (let attempt = 0; attempt < 40 && !isLed(view.topics.get(name), count); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    view = await readMetadata(admin, [name]);
  }
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
  for (let attempt = 0; attempt < 40 && (await readMetadata(admin, [name])).topics.has(name); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Raises the partition count to `count`; Kafka refuses a count that is not an increase. Answers once the
 * metadata shows the new partitions, so the topic read right after has them.
 */
export async function increasePartitions(admin: Admin, name: string, count: number): Promise<void> {
  await admin.createPartitions({ topics: [{ name, count }] });
  await untilLed(admin, name, count);
}
