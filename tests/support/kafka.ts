import { randomUUID } from 'node:crypto';
import { Admin, Consumer, Producer, stringSerializers } from '@platformatic/kafka';

export function bootstrap(): string {
  const servers = process.env.KAFKA_BOOTSTRAP;
  if (!servers) throw new Error('KAFKA_BOOTSTRAP is not set: the stack global setup did not run');
  return servers;
}

/** Unique names isolate tests from each other on the shared broker (docs/style.md#tests-on-real-infrastructure). */
export function uniqueName(kind: 'topic' | 'group'): string {
  return `test-${kind}-${randomUUID()}`;
}

export type TestRecord = { partition: number; value: string; key?: string; timestamp?: Date };

/** An admin client plus the topics and groups it made, deleted again by `cleanup`. */
/**
 * Tests write records dated in the past (2024). The broker deletes a segment whose newest record is older
 * than retention.ms (7 days by default) at its first retention check, 30 s after it starts: on a fresh
 * stack those records would vanish in the middle of a test. Test topics keep their records.
 */
const KEEP_OLD_RECORDS = { 'retention.ms': '-1' };

export function testKafka() {
  const admin = new Admin({ clientId: 'console-tests', bootstrapBrokers: [bootstrap()] });
  const made: string[] = [];
  const groups: string[] = [];
  const consumers: Consumer[] = [];
  return {
    admin,
    /** A new topic, `test-topic-<uuid>` unless `name` is given. */
    async createTopic(
      partitions = 1,
      options: { configs?: Record<string, string>; name?: string } = {},
    ): Promise<string> {
      const name = options.name ?? uniqueName('topic');
      const configs = { ...KEEP_OLD_RECORDS, ...options.configs };
      await admin.createTopics({
        topics: [name],
        partitions,
        replicas: 1,
        configs: Object.entries(configs).map(([key, value]) => ({ name: key, value })),
      });
      made.push(name);
      return name;
    },
    /** Remembers a topic made another way (e.g. through the API) so that cleanup deletes it. */
    track(topic: string) {
      made.push(topic);
    },
    async produce(topic: string, records: TestRecord[]): Promise<void> {
      const producer = new Producer({
        clientId: 'console-tests-producer',
        bootstrapBrokers: [bootstrap()],
        idempotent: true,
        serializers: stringSerializers,
      });
      try {
        await producer.send({
          messages: records.map((r) => ({
            topic,
            partition: r.partition,
            value: r.value,
            ...(r.key !== undefined ? { key: r.key } : {}),
            ...(r.timestamp ? { timestamp: BigInt(r.timestamp.getTime()) } : {}),
          })),
        });
      } finally {
        await producer.close();
      }
    },
    /** A group that committed offsets without ever joining: EMPTY, as after a consumer left. */
    async commitOffsets(topic: string, offsets: number[]): Promise<string> {
      const groupId = uniqueName('group');
      groups.push(groupId);
      await admin.alterConsumerGroupOffsets({
        groupId,
        topics: [
          {
            name: topic,
            partitionOffsets: offsets.map((offset, partition) => ({ partition, offset: BigInt(offset) })),
          },
        ],
      });
      return groupId;
    },
    /**
     * A consumer that joined a new group on `topic` and holds its partitions until cleanup; `consumer` is
     * the KIP-848 protocol, `classic` the join/sync one.
     */
    async joinGroup(topic: string, protocol: 'classic' | 'consumer' = 'classic'): Promise<string> {
      const groupId = uniqueName('group');
      groups.push(groupId);
      const base = { groupId, clientId: 'console-tests-consumer', bootstrapBrokers: [bootstrap()] };
      const consumer =
        protocol === 'consumer'
          ? new Consumer({ ...base, groupProtocol: 'consumer' })
          : new Consumer({ ...base, sessionTimeout: 10_000, heartbeatInterval: 500 });
      consumers.push(consumer);
      const joined = new Promise<void>((resolve) => consumer.once('consumer:group:join', () => resolve()));
      await consumer.consume({ topics: [topic], mode: 'earliest' });
      await joined;
      return groupId;
    },
    async cleanup(): Promise<void> {
      await Promise.allSettled(consumers.splice(0).map((c) => c.close(true)));
      if (groups.length) await admin.deleteGroups({ groups: groups.splice(0) }).catch(() => undefined);
      if (made.length) await admin.deleteTopics({ topics: made.splice(0) });
      await admin.close();
    },
  };
}
