import { type Admin, findErrorBy } from '@platformatic/kafka';
import { readMetadata, type TopicMeta } from '../metadata.ts';

export type InternalTopic = {
  name: string;
  partitions: number;
  /** Topic configs set at creation (cleanup.policy, retention.ms...); an existing topic is left as it is. */
  configs: Record<string, string>;
};

/**
 * The metadata of one of the console's own topics (lag history, audit...), created when missing with the
 * broker's default replication factor, and waited for until every partition has a leader (5 s at most).
 */
export async function ensureInternalTopic(admin: Admin, topic: InternalTopic): Promise<TopicMeta> {
  const known = (await readMetadata(admin, [topic.name])).topics.get(topic.name);
  if (known && isLed(known)) return known;
  if (!known) {
    try {
      await admin.createTopics({
        topics: [topic.name],
        partitions: topic.partitions,
        replicas: -1,
        configs: Object.entries(topic.configs).map(([name, value]) => ({ name, value })),
      });
    } catch (error) {
      // Another console replica created it first.
      if (!findErrorBy(error as Error, 'apiId', 'TOPIC_ALREADY_EXISTS')) throw error;
    }
  }
  for (let attempt = 0; attempt < 100; attempt++) {
    const meta = (await readMetadata(admin, [topic.name])).topics.get(topic.name);
    if (meta && isLed(meta)) return meta;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`internal topic ${topic.name} has no leader after 5 s`);
}

const isLed = (meta: TopicMeta) => meta.partitions.length > 0 && meta.partitions.every((p) => p.leader >= 0);

/**
 * `ensureInternalTopic` made once and shared by every later call; a failure is not kept, so the next
 * call tries again (the cluster may have been down).
 */
export function ensureOnce(admin: Admin, topic: InternalTopic): () => Promise<void> {
  let ensured: Promise<void> | undefined;
  return () => {
    ensured ??= ensureInternalTopic(admin, topic).then(
      () => undefined,
      (error: unknown) => {
        ensured = undefined;
        throw error;
      },
    );
    return ensured;
  };
}
