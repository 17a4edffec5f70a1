import type { Producer } from '@platformatic/kafka';
import { bySize } from '../copy.ts';
import type { Outgoing } from '../produce.ts';

/**
 * Writes a run of generated records, in produce requests of at most 512 KB (bySize). Loaded with the
 * server, not with the generator (generate.ts): the generator's chunk then shares nothing with the
 * Kafka client, which stays in the server's own chunk (build.ts).
 */
export function recordSender(producer: Producer, topic: string) {
  return async (records: Outgoing[]): Promise<void> => {
    const messages = records.map((r) => ({
      topic,
      partition: r.partition,
      key: r.key ?? undefined,
      value: r.value as Buffer,
      headers: new Map(r.headers as [Buffer, Buffer][]),
      timestamp: BigInt(r.timestamp),
    }));
    for (const run of bySize(messages)) await producer.send({ messages: run });
  };
}
