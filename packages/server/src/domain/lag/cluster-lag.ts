import { hostname } from 'node:os';
import { ensureInternalTopic } from '../../kafka/cluster/internal-topic.ts';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { LagHistoryConfig } from '../../platform/config/lag-history.ts';
import { AppError } from '../../platform/errors.ts';
import type { GroupIndexes } from '../groups/group-indexes.ts';
import { type Alert, evaluateAlerts, watchesTimeLag } from './alert-rules.ts';
import { SamplerElection } from './election.ts';
import { sampleRecords } from './history-records.ts';
import { HistoryReader } from './reader.ts';
import { sampleLag } from './sample.ts';
import { LagStore } from './store.ts';
import { type AlertEvent, sendWebhook } from './webhooks.ts';

export type LagLog = { warn: (message: string) => void; info: (message: string) => void };

/** A replica that is gone is replaced in the election after this long without heartbeats. */
const SESSION_TIMEOUT_MS = 10_000;
const MESSAGES_PER_SEND = 500;
const DAY = 24 * 3_600_000;
/** Each record says which replica sampled it (header `console-replica`): how one sees that only one does. */
const REPLICA = Buffer.from(`${hostname()}:${process.pid}`);
const REPLICA_HEADER = Buffer.from('console-replica');

/**
 * One cluster's lag history on this replica: the topic created if missing, the reader filling the
 * store on every replica, the election, the sampling loop that only the elected replica runs, and the
 * alerts every replica evaluates from the same records (only the sampler sends the webhooks).
 */
export class ClusterLag {
  readonly store: LagStore;
  readonly #kafka: KafkaPool;
  readonly #indexes: GroupIndexes;
  readonly #cluster: string;
  readonly #config: LagHistoryConfig;
  readonly #log: LagLog;
  #reader: HistoryReader | undefined;
  #election: SamplerElection | undefined;
  #timer: NodeJS.Timeout | undefined;
  #alerts = new Map<string, Alert>();
  #closed = false;
  #started: Promise<void> | undefined;
  /** Settles when the first start attempt ends, whether it worked or not. */
  #attempted: Promise<void>;
  #attemptDone: () => void = () => undefined;
  #lastError: unknown;
  /** Samples written by this replica (tests and the sampling figures read it). */
  samplesWritten = 0;

  constructor(
    kafka: KafkaPool,
    indexes: GroupIndexes,
    cluster: string,
    config: LagHistoryConfig,
    log: LagLog,
  ) {
    this.#kafka = kafka;
    this.#indexes = indexes;
    this.#cluster = cluster;
    this.#config = config;
    this.#log = log;
    this.store = new LagStore(config.retentionMs);
    this.#attempted = new Promise((resolve) => {
      this.#attemptDone = resolve;
    });
  }

  /** Starts in the background; a cluster that does not answer is tried again every 10 s. */
  start(): void {
    this.#started ??= this.#start();
  }

  /**
   * Waits (at most `ms`) until the history written before this replica started is in the store. While
   * the cluster has not answered, throws why (a 503 naming the cluster).
   */
  async ready(ms: number): Promise<void> {
    this.start();
    const deadline = Date.now() + ms;
    await Promise.race([this.#attempted, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
    if (!this.#reader)
      throw (
        this.#lastError ?? new AppError('CLUSTER_UNAVAILABLE', `Cluster '${this.#cluster}' is unreachable`)
      );
    await this.#reader.caughtUp(Math.max(0, deadline - Date.now()));
  }

  get alerts(): Alert[] {
    return [...this.#alerts.values()];
  }

  get leading(): boolean {
    return this.#election?.leading ?? false;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await Promise.allSettled([this.#reader?.close(), this.#election?.close()]);
  }

  async #start(): Promise<void> {
    while (!this.#closed) {
      try {
        const meta = await this.#kafka.run(this.#cluster, (admin) =>
          ensureInternalTopic(admin, {
            name: this.#config.topic,
            partitions: 1,
            configs: topicConfigs(this.#config),
          }),
        );
        if (this.#closed) return;
        this.#reader = new HistoryReader(this.#kafka.tailClient(this.#cluster), this.store, (t, fresh) =>
          this.#onSample(t, fresh),
        );
        this.#reader.start(meta, (error) => this.#log.warn(`lag history reader: ${String(error)}`));
        this.#election = new SamplerElection(
          this.#kafka,
          this.#cluster,
          this.#config.electionGroup,
          this.#config.topic,
          SESSION_TIMEOUT_MS,
        );
        this.#attemptDone();
        await this.#election.join();
        this.#schedule();
        return;
      } catch (error) {
        this.#lastError = error;
        this.#attemptDone();
        // Nothing of a half-made start is kept: the next attempt makes it again.
        await Promise.allSettled([this.#reader?.close(), this.#election?.close()]);
        this.#reader = undefined;
        this.#election = undefined;
        this.#log.warn(`lag history of cluster ${this.#cluster} not started: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 10_000).unref());
      }
    }
  }

  #schedule(): void {
    if (this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#sampleOnce()
        .catch((error) => this.#log.warn(`lag sample of cluster ${this.#cluster} failed: ${String(error)}`))
        .finally(() => this.#schedule());
    }, this.#config.intervalMs);
    this.#timer.unref();
  }

  async #sampleOnce(): Promise<void> {
    if (!this.leading) return;
    const index = await this.#indexes.of(this.#cluster).current();
    const timeLag = watchesTimeLag(this.#config.rules, this.#cluster);
    const sample = await this.#kafka.run(this.#cluster, (admin) =>
      sampleLag(admin, index, Date.now(), timeLag),
    );
    if (this.#closed || !this.leading) return;
    const messages = sampleRecords(sample, this.#config.intervalMs);
    const producer = this.#kafka.producer(this.#cluster);
    for (let i = 0; i < messages.length; i += MESSAGES_PER_SEND) {
      await producer.send({
        messages: messages.slice(i, i + MESSAGES_PER_SEND).map((m) => ({
          topic: this.#config.topic,
          partition: 0,
          key: m.key,
          value: m.value,
          timestamp: BigInt(m.timestamp),
          headers: new Map([[REPLICA_HEADER, REPLICA]]),
        })),
      });
    }
    this.samplesWritten++;
  }

  #onSample(t: number, fresh: boolean): void {
    const next = evaluateAlerts(this.store, this.#config.rules, this.#cluster, t, this.#alerts);
    const events: AlertEvent[] = [];
    for (const [key, alert] of next)
      if (!this.#alerts.has(key)) events.push({ status: 'FIRING', alert, timestamp: t });
    for (const [key, alert] of this.#alerts)
      if (!next.has(key)) events.push({ status: 'RESOLVED', alert, timestamp: t });
    this.#alerts = next;
    // Only the sampler tells, and only of a sample taken since it caught up with the topic (a sample can
    // take a while on a busy cluster, hence the 2 minutes): a replica replaying old samples, or one
    // elected later, tells nobody of what the sampler before it told.
    if (!fresh || !this.leading || t < Date.now() - Math.max(3 * this.#config.intervalMs, 120_000)) return;
    for (const event of events) this.#notify(event);
  }

  #notify(event: AlertEvent): void {
    const rule = this.#config.rules.find((r) => r.name === event.alert.rule);
    for (const name of rule?.webhooks ?? []) {
      const hook = this.#config.webhooks[name];
      if (hook) void sendWebhook(name, hook, event, (message) => this.#log.warn(message));
    }
  }
}

/**
 * Compacted (a point written twice for one sample is kept once) and deleted after retention.ms or past
 * retention.bytes, with segments rolled at least daily (a tenth of the retention when shorter) so the
 * oldest samples go when they age out rather than with a whole 1 GB segment.
 */
export function topicConfigs(config: LagHistoryConfig): Record<string, string> {
  return {
    'cleanup.policy': 'compact,delete',
    'retention.ms': String(config.retentionMs),
    'retention.bytes': String(config.retentionBytes),
    'segment.ms': String(Math.max(60_000, Math.min(DAY, Math.floor(config.retentionMs / 10)))),
  };
}
