import type { ConfigEntry, Partition, TopicCreate } from '@console/contract';

/** The new target topic's settings; by default the source's partitions, replication and overridden configs. */
export type NewTopic = {
  name: string;
  partitions: string;
  replication: string;
  copyConfigs: boolean;
};

export function newTopicDefaults(source: string, partitions: readonly Partition[]): NewTopic {
  const replication = Math.max(1, ...partitions.map((p) => p.nodes.length));
  return {
    name: `${source}-copy`,
    partitions: String(Math.max(1, partitions.length)),
    replication: String(replication),
    copyConfigs: true,
  };
}

/** The configs set on the source topic itself (not inherited from the broker), as `POST …/topic` takes them. */
export function overriddenConfigs(configs: readonly ConfigEntry[]): Record<string, string> {
  return Object.fromEntries(
    configs
      .filter((c) => c.source === 'DYNAMIC_TOPIC_CONFIG' && !c.sensitive && c.value !== undefined)
      .map((c) => [c.name, c.value ?? '']),
  );
}

export type NewTopicErrors = Partial<Record<'name' | 'partitions' | 'replication', string>>;

/** Kafka's topic name rules (legal characters, at most 249) and whole numbers of at least 1. */
export function validateNewTopic(topic: NewTopic, existing: readonly string[]): NewTopicErrors {
  const errors: NewTopicErrors = {};
  const name = topic.name.trim();
  if (name === '') errors.name = 'Topic name is required';
  else if (name.length > 249) errors.name = 'Topic name has at most 249 characters';
  else if (name === '.' || name === '..' || !/^[a-zA-Z0-9._-]+$/.test(name))
    errors.name = 'Topic name may hold only letters, digits, ".", "_" and "-"';
  else if (existing.includes(name)) errors.name = `Topic '${name}' already exists`;
  for (const field of ['partitions', 'replication'] as const) {
    const value = topic[field].trim();
    if (!/^\d+$/.test(value) || Number(value) < 1)
      errors[field] =
        `${field === 'partitions' ? 'Partitions' : 'Replication factor'} must be a whole number of at least 1`;
  }
  return errors;
}

export function toTopicCreate(topic: NewTopic, configs: Record<string, string>): TopicCreate {
  return {
    name: topic.name.trim(),
    partition: Number(topic.partitions),
    replication: Number(topic.replication),
    configs: topic.copyConfigs ? configs : {},
  };
}
