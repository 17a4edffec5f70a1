import { Consumer } from '@platformatic/kafka';
import type { KafkaPool } from '../../kafka/pool.ts';

/**
 * Which replica samples: every console joins the same consumer group (`electionGroup`), subscribed to the
 * history topic, and the member the group assigns partition 0 (the topic's only one) samples. Kafka's
 * group protocol does the electing: a replica that stops leaves the group (or misses its heartbeats for
 * `sessionTimeoutMs`) and the partition moves to another. The member reads nothing through the group.
 */
export class SamplerElection {
  readonly #consumer: Consumer;
  readonly #topic: string;

  constructor(kafka: KafkaPool, cluster: string, group: string, topic: string, sessionTimeoutMs: number) {
    this.#topic = topic;
    this.#consumer = new Consumer({
      ...kafka.connection(cluster, '-lag-election'),
      groupId: group,
      sessionTimeout: sessionTimeoutMs,
      rebalanceTimeout: sessionTimeoutMs,
      heartbeatInterval: Math.max(100, Math.floor(sessionTimeoutMs / 4)),
      autocommit: false,
    });
    // The client rejoins by itself after a rebalance; a rejoin cut short by close is no failure.
    this.#consumer.on('error', () => undefined);
  }

  async join(): Promise<void> {
    this.#consumer.topics.track(this.#topic);
    await this.#consumer.joinGroup({});
  }

  /** Whether this replica holds partition 0 now, so samples. */
  get leading(): boolean {
    return (
      this.#consumer.isActive() &&
      (this.#consumer.assignments ?? []).some((a) => a.topic === this.#topic && a.partitions.includes(0))
    );
  }

  async close(): Promise<void> {
    await this.#consumer.close().catch(() => this.#consumer.close(true));
  }
}
