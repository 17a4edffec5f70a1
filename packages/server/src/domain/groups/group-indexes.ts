import type { KafkaPool } from '../../kafka/pool.ts';
import { type ClusterGroupIndex, GroupIndex } from './group-index.ts';
import { SharedGroupIndex } from './shared-index/shared-index.ts';

export type GroupIndexOptions = {
  refreshMs: number;
  /** The compacted topic the elected replica publishes the index in (config groupIndex.sharedTopic). */
  sharedTopic?: string | undefined;
  warn?: (message: string) => void;
};

/**
 * Each cluster's group-to-topics index (see GroupIndex), made on first use, closed with the app; with a
 * shared topic, one SharedGroupIndex per cluster, started with the app so the elected replica publishes
 * whether or not it is asked.
 */
export class GroupIndexes {
  readonly #kafka: KafkaPool;
  readonly #options: GroupIndexOptions;
  readonly #indexes = new Map<string, ClusterGroupIndex>();
  #leading: (cluster: string) => boolean = () => false;

  constructor(kafka: KafkaPool, options: GroupIndexOptions) {
    this.#kafka = kafka;
    this.#options = options;
  }

  /** Who builds a shared index: the replica this says is elected in the cluster (the lag sampler). */
  electedBy(leading: (cluster: string) => boolean): void {
    this.#leading = leading;
  }

  of(cluster: string): ClusterGroupIndex {
    let index = this.#indexes.get(cluster);
    if (!index) {
      const { refreshMs, sharedTopic, warn = () => undefined } = this.#options;
      if (sharedTopic) {
        const shared = new SharedGroupIndex(this.#kafka, cluster, {
          topic: sharedTopic,
          refreshMs,
          leading: () => this.#leading(cluster),
          warn,
        });
        void shared.start();
        index = shared;
      } else index = new GroupIndex(this.#kafka.adminOf(cluster), refreshMs);
      this.#indexes.set(cluster, index);
    }
    return index;
  }

  /** With a shared topic, starts every cluster's index: reading the topic, publishing once elected. */
  start(): void {
    if (this.#options.sharedTopic) for (const cluster of this.#kafka.clusterIds()) this.of(cluster);
  }

  /** Per cluster, whether this replica publishes the shared index now (for /metrics). */
  publishing(): Map<string, boolean> {
    const publishing = new Map<string, boolean>();
    for (const [cluster, index] of this.#indexes)
      if (index instanceof SharedGroupIndex) publishing.set(cluster, index.publishing);
    return publishing;
  }

  async close(): Promise<void> {
    const closing = [...this.#indexes.values()].map((index) => index.close());
    this.#indexes.clear();
    await Promise.allSettled(closing);
  }
}
