import type { KafkaPool } from '../../kafka/pool.ts';
import { GroupIndex } from './group-index.ts';

/** Each cluster's group-to-topics index (see GroupIndex), made on first use, closed with the app. */
export class GroupIndexes {
  readonly #kafka: KafkaPool;
  readonly #refreshMs: number;
  readonly #indexes = new Map<string, GroupIndex>();

  constructor(kafka: KafkaPool, refreshMs: number) {
    this.#kafka = kafka;
    this.#refreshMs = refreshMs;
  }

  of(cluster: string): GroupIndex {
    let index = this.#indexes.get(cluster);
    if (!index) {
      index = new GroupIndex(this.#kafka.adminOf(cluster), this.#refreshMs);
      this.#indexes.set(cluster, index);
    }
    return index;
  }

  close(): void {
    for (const index of this.#indexes.values()) index.close();
    this.#indexes.clear();
  }
}
