import type { LogDir } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { topicLogDirsIfAvailable } from './log-dirs.ts';
import type { BrokerInfo, TopicMeta } from './metadata.ts';

/**
 * Log-dir entries of the partitions the topic list showed, kept `ttlMs`. A broker answers DescribeLogDirs by
 * walking every log it holds, whatever was asked (30 ms at 6,000 partitions on the test stack, growing with
 * the cluster), so paging back and forth and refreshing would pay that each time. Sizes are estimates that
 * change with every write anyway; a few seconds of age is invisible, and the Logs tab reads them fresh.
 * Entries are keyed by topic id, so a topic deleted and created again never shows the old sizes.
 */
export class LogDirCache {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, { at: number; dirs: LogDir[] }>();

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  /** Entries for every partition of `topics`, asking the brokers only about those not fresh here. */
  async get(
    cluster: string,
    admin: Admin,
    brokers: Iterable<BrokerInfo>,
    topics: readonly TopicMeta[],
  ): Promise<LogDir[] | undefined> {
    const now = Date.now();
    const key = (t: TopicMeta, partition: number) => `${cluster}\u0000${t.id}\u0000${partition}`;
    const fresh = (t: TopicMeta) =>
      t.partitions.every(
        (p) => now - (this.#entries.get(key(t, p.id))?.at ?? Number.NEGATIVE_INFINITY) < this.#ttlMs,
      );
    const missing = topics.filter((t) => !fresh(t));
    if (missing.length) {
      const fetched = await topicLogDirsIfAvailable(admin, brokers, missing);
      if (!fetched) return undefined;
      this.#sweep(now);
      // Grouped first: a filter per partition would be quadratic at 10,000 partitions (sorted lists).
      const byPartition = new Map<string, LogDir[]>();
      for (const d of fetched) {
        const k = `${d.partition}\u0000${d.topic}`;
        byPartition.set(k, [...(byPartition.get(k) ?? []), d]);
      }
      for (const t of missing) {
        for (const p of t.partitions) {
          const dirs = byPartition.get(`${p.id}\u0000${t.name}`) ?? [];
          this.#entries.set(key(t, p.id), { at: now, dirs });
        }
      }
    }
    return topics.flatMap((t) => t.partitions.flatMap((p) => this.#entries.get(key(t, p.id))?.dirs ?? []));
  }

  #sweep(now: number) {
    for (const [k, entry] of this.#entries) if (now - entry.at >= this.#ttlMs) this.#entries.delete(k);
  }
}
