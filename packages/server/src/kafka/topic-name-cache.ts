import type { Admin } from '@platformatic/kafka';
import { readMetadata } from './metadata.ts';

/**
 * Every topic name of a cluster, kept `ttlMs`. Listing names is one Metadata request for every topic and
 * partition, whose answer grows with the cluster (44 ms at 2,000 topics on the test stack, most of a
 * topic-list page), while the names it yields rarely change. The page's own topics are still described
 * fresh; a topic created or deleted outside this console shows up in the list within `ttlMs`, and this
 * console's own creates and deletes call `forget` so they show at once. Concurrent callers share one
 * request; a failed request is not kept.
 */
export class TopicNameCache {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, { at: number; names: Promise<string[]> }>();

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  get(cluster: string, admin: Admin): Promise<string[]> {
    const now = Date.now();
    const entry = this.#entries.get(cluster);
    if (entry && now - entry.at < this.#ttlMs) return entry.names;
    const names = readMetadata(admin).then((view) => [...view.topics.keys()]);
    const fresh = { at: now, names };
    this.#entries.set(cluster, fresh);
    names.catch(() => {
      if (this.#entries.get(cluster) === fresh) this.#entries.delete(cluster);
    });
    return names;
  }

  forget(cluster: string): void {
    this.#entries.delete(cluster);
  }
}
