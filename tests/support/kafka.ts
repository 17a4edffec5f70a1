import { randomUUID } from 'node:crypto';
import { Admin } from '@platformatic/kafka';

export function bootstrap(): string {
  const servers = process.env.KAFKA_BOOTSTRAP;
  if (!servers) throw new Error('KAFKA_BOOTSTRAP is not set: the stack global setup did not run');
  return servers;
}

/** Unique names isolate tests from each other on the shared broker (STYLE §11). */
export function uniqueName(kind: 'topic' | 'group'): string {
  return `test-${kind}-${randomUUID()}`;
}

/** An admin client plus the topics it made, deleted again by `cleanup`. */
export function testKafka() {
  const admin = new Admin({ clientId: 'console-tests', bootstrapBrokers: [bootstrap()] });
  const made: string[] = [];
  return {
    admin,
    async createTopic(partitions = 1): Promise<string> {
      const name = uniqueName('topic');
      await admin.createTopics({ topics: [name], partitions, replicas: 1 });
      made.push(name);
      return name;
    },
    async cleanup(): Promise<void> {
      if (made.length) await admin.deleteTopics({ topics: made.splice(0) });
      await admin.close();
    },
  };
}
