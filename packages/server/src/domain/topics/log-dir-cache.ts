import type { LogDir } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { topicLogDirsIfAvailable } from '../../kafka/log-dirs.ts';
import type { BrokerInfo, TopicMeta } from '../../kafka/metadata.ts';

/**
 * Log-dir entries of the partitions the topic list showed, kept `ttlMs`. A broker answers DescribeLogDirs by
 * walking every log it holds, whatever was asked (30 ms at 6,000 partitions on the test stack, growing with
 * the cluster), so paging back and forth and refreshing would pay that each time. Sizes are estimates that
 * change with every write anyway; a few seconds of age is invisible, and the Logs tab reads them fresh.
 * Entries are keyed by topic id, so a topic deleted and created again never shows the old sizes.
 *
 * A caller that orders by size (every topic's, where a whole read costs a second at 10,000 topics) may
 * take entries up to `staleMs` past their time while one read in the background renews them: the next
 * sort has them fresh, and no user waits for the walk after a pause.
 */
export class LogDirCache {
  readonly #ttlMs: number;
  readonly #staleMs: number;
  readonly #entries = new Map<string, { at: number; dirs: LogDir[] }>();
  /** Per cluster, the background read renewing stale entries (one at a time). */
  readonly #renewing = new Map<string, Promise<unknown>>();
  /** Per cluster, a read of every partition the brokers hold, started before the topics were known. */
  readonly #whole = new Map<string, { at: number; brokers: string; dirs: Promise<LogDir[] | undefined> }>();

  constructor(ttlMs: number, staleMs = 0) {
    this.#ttlMs = ttlMs;
    this.#staleMs = staleMs;
  }

  /**
   * Starts reading every partition the `brokers` hold (DescribeLogDirs naming no topics), unless one such
   * read is fresh: a list sorted by size needs them all, and asked before the all-topic Metadata answer
   * comes, the brokers' walk over their logs runs beside it instead of after it. `get` takes its entries
   * when asked within `ttlMs` about the same brokers.
   */
  prefetch(cluster: string, admin: Admin, brokers: readonly BrokerInfo[]): void {
    const now = Date.now();
    const known = this.#whole.get(cluster);
    if (brokers.length === 0 || (known && now - known.at < this.#ttlMs)) return;
    const dirs = topicLogDirsIfAvailable(admin, brokers, null).catch(() => undefined);
    this.#whole.set(cluster, { at: now, brokers: brokerIds(brokers), dirs });
  }

  /**
   * Entries for every partition of `topics`, asking the brokers only about those not fresh here. With
   * `stale`, entries within `staleMs` past their time are answered when every partition has one, and
   * renewed in the background.
   */
  async get(
    cluster: string,
    admin: Admin,
    brokers: Iterable<BrokerInfo>,
    topics: readonly TopicMeta[],
    { stale = false } = {},
  ): Promise<LogDir[] | undefined> {
    const now = Date.now();
    const key = (t: TopicMeta, partition: number) => `${cluster}\u0000${t.id}\u0000${partition}`;
    const within = (ms: number) => (t: TopicMeta) =>
      t.partitions.every((p) => now - (this.#entries.get(key(t, p.id))?.at ?? Number.NEGATIVE_INFINITY) < ms);
    const fresh = within(this.#ttlMs);
    const missing = topics.filter((t) => !fresh(t));
    if (missing.length && stale && this.#staleMs > 0 && topics.every(within(this.#ttlMs + this.#staleMs))) {
      const asked = [...brokers];
      if (!this.#renewing.has(cluster)) {
        const renewal = this.get(cluster, admin, asked, topics)
          .catch(() => undefined)
          .finally(() => this.#renewing.delete(cluster));
        this.#renewing.set(cluster, renewal);
      }
    } else if (missing.length) {
      const whole = this.#whole.get(cluster);
      const asked = [...brokers];
      const prefetched =
        whole && now - whole.at < this.#ttlMs && whole.brokers === brokerIds(asked)
          ? await whole.dirs
          : undefined;
      const fetched = prefetched ?? (await topicLogDirsIfAvailable(admin, asked, missing));
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
    const kept = this.#ttlMs + this.#staleMs;
    for (const [k, entry] of this.#entries) if (now - entry.at >= kept) this.#entries.delete(k);
  }
}

const brokerIds = (brokers: readonly BrokerInfo[]) =>
  brokers
    .map((b) => b.id)
    .sort((a, b) => a - b)
    .join(',');
