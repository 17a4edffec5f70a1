import type { KafkaPool } from '../../kafka/pool.ts';
import type { Config } from '../../platform/config/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { GroupIndexes } from '../groups/group-indexes.ts';
import { ClusterLag, type LagLog } from './cluster-lag.ts';
import { TIERS, tierFor } from './series.ts';

const HOUR = 3_600_000;
/** How long an answer waits for a replica that just started to read the history written before it. */
const READY_WAIT_MS = 5_000;

/** Lag history and alerts of every configured cluster (one ClusterLag each), started with the app. */
export class LagHistoryService {
  readonly #config: Config;
  readonly #clusters = new Map<string, ClusterLag>();

  constructor(config: Config, kafka: KafkaPool, indexes: GroupIndexes, log: LagLog) {
    this.#config = config;
    if (!config.lagHistory.enabled) return;
    for (const cluster of kafka.clusterIds())
      this.#clusters.set(cluster, new ClusterLag(kafka, indexes, cluster, config.lagHistory, log));
  }

  start(): void {
    for (const c of this.#clusters.values()) c.start();
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.#clusters.values()].map((c) => c.close()));
  }

  /** Whether this replica is the one elected in `cluster` (it samples, and builds a shared group index). */
  leading(cluster: string): boolean {
    return this.#clusters.get(cluster)?.leading ?? false;
  }

  cluster(cluster: string): ClusterLag {
    if (!this.#config.clusters[cluster]) throw notFound(`Cluster '${cluster}' not found`);
    const found = this.#clusters.get(cluster);
    if (!found) throw notFound('Lag history is disabled in the configuration (lagHistory.enabled)');
    return found;
  }

  async history(
    cluster: string,
    group: string,
    range: { from?: number | undefined; to?: number | undefined; partitions: boolean },
    allow: (topic: string) => boolean,
  ) {
    const lag = this.cluster(cluster);
    await lag.ready(READY_WAIT_MS);
    const to = range.to ?? Date.now();
    const from = range.from ?? to - HOUR;
    const tier = TIERS[range.partitions ? 0 : tierFor(to - from)] ?? TIERS[0];
    const intervalMs = this.#config.lagHistory.intervalMs;
    return {
      points: from > to ? [] : lag.store.history(group, from, to, range.partitions, allow),
      stepMs: tier.step || intervalMs,
      intervalMs,
    };
  }

  /**
   * A group's lag per topic over the last `windowMs` as this replica holds it, without waiting for the
   * history to be read; undefined when the history is off.
   */
  recent(cluster: string, group: string, windowMs: number, allow: (topic: string) => boolean) {
    const lag = this.#clusters.get(cluster);
    if (!lag) return undefined;
    const to = Date.now();
    return lag.store.history(group, to - windowMs, to, false, allow);
  }

  /** The alerts firing now; none when lag history is off (the group list asks on every cluster). */
  async alerts(cluster: string) {
    if (!this.#config.lagHistory.enabled && this.#config.clusters[cluster]) return [];
    const lag = this.cluster(cluster);
    await lag.ready(READY_WAIT_MS);
    return lag.alerts;
  }
}
