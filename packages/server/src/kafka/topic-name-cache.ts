import type { Admin } from '@platformatic/kafka';
import { type ClusterView, readMetadata } from './metadata.ts';

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
  readonly #entries = new Map<string, { at: number; view: Promise<ClusterView> }>();

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  async get(cluster: string, admin: Admin): Promise<string[]> {
    return [...(await this.view(cluster, admin)).topics.keys()];
  }

  /** The whole Metadata answer the names come from: partitions, leaders and ISRs of every topic. */
  view(cluster: string, admin: Admin): Promise<ClusterView> {
    const now = Date.now();
    const entry = this.#entries.get(cluster);
    if (entry && now - entry.at < this.#ttlMs) return entry.view;
    const view = readMetadata(admin);
    const fresh = { at: now, view };
    this.#entries.set(cluster, fresh);
    view.catch(() => {
      if (this.#entries.get(cluster) === fresh) this.#entries.delete(cluster);
    });
    return view;
  }

  forget(cluster: string): void {
    this.#entries.delete(cluster);
  }
}
