import { hostname } from 'node:os';
import { ensureInternalTopic } from '../../../kafka/cluster/internal-topic.ts';
import type { KafkaPool } from '../../../kafka/pool.ts';
import { type ClusterGroupIndex, GroupIndex, type IndexSnapshot, readIndexedGroup } from '../group-index.ts';
import type { GroupListing } from '../groups.ts';
import type { IndexedGroup } from '../index-build.ts';
import { publication, readIndexRecord } from './index-records.ts';
import { PublishedIndex } from './published-index.ts';
import { IndexTopicReader } from './reader.ts';

export type SharedIndexOptions = {
  topic: string;
  refreshMs: number;
  /** Whether this replica is the one elected (for lag sampling) in this cluster now. */
  leading: () => boolean;
  warn: (message: string) => void;
};

/** How long an answer waits for a replica that just started to read the index published before it. */
const READY_WAIT_MS = 5_000;
const MESSAGES_PER_SEND = 500;
const RETRY_MS = 10_000;
/** Each record says which replica published it (header `console-replica`), as the lag history's do. */
const REPLICA = Buffer.from(`${hostname()}:${process.pid}`);
const REPLICA_HEADER = Buffer.from('console-replica');

/**
 * A cluster's group index shared by the console's replicas: the elected one builds it (a GroupIndex of
 * its own, refreshed every `refreshMs`) and publishes what each build changed in the compacted topic
 * `topic`; every replica reads that topic from its start and follows it, and a follower answers from it,
 * so the brokers see one replica's index requests however many run. A follower with no fresh build to
 * read (the topic empty, or no publisher for two refresh intervals) builds its own, as a single replica
 * does, until a publisher is back.
 */
export class SharedGroupIndex implements ClusterGroupIndex {
  readonly #kafka: KafkaPool;
  readonly #cluster: string;
  readonly #options: SharedIndexOptions;
  readonly #local: GroupIndex;
  readonly #published = new PublishedIndex();
  /** Groups this replica wrote to while following, put over the published builds older than the write. */
  readonly #changes = new Map<string, { group: IndexedGroup | null; at: number }>();
  #reader: IndexTopicReader | undefined;
  #started: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  /** While publishing: each group's value as last written, to write only what the next build changes. */
  #written: Map<string, string> | undefined;
  #lastPublished = 0;
  #fallbackSaid = false;
  #closed = false;

  constructor(kafka: KafkaPool, cluster: string, options: SharedIndexOptions) {
    this.#kafka = kafka;
    this.#cluster = cluster;
    this.#options = options;
    this.#local = new GroupIndex(kafka.adminOf(cluster), options.refreshMs, false);
  }

  /** Whether this replica publishes the index now. */
  get publishing(): boolean {
    return this.#written !== undefined && this.#options.leading();
  }

  /** Starts reading the topic and, once elected, publishing; a cluster that does not answer is retried. */
  start(): Promise<void> {
    this.#started ??= this.#start();
    return this.#started;
  }

  async current(): Promise<IndexSnapshot> {
    if (this.#options.leading()) return this.#local.current();
    void this.start();
    await this.#reader?.caughtUp(READY_WAIT_MS);
    if (this.#published.freshFor(this.#options.refreshMs)) {
      this.#fallbackSaid = false;
      return this.#published.snapshot(this.#changes);
    }
    if (!this.#fallbackSaid) {
      this.#fallbackSaid = true;
      this.#options.warn(
        `shared group index of cluster ${this.#cluster}: no fresh build in ${this.#options.topic}, building one here`,
      );
    }
    return this.#local.current();
  }

  /** What this replica's own build saw (a follower building none knows nothing: the caller lists). */
  known(id: string): GroupListing | undefined {
    return this.#local.known(id);
  }

  async refreshGroup(id: string): Promise<void> {
    if (this.#options.leading()) return this.#local.refreshGroup(id);
    const known = this.#published.snapshot(this.#changes).get(id)?.listing ?? {
      id,
      kind: 'classic' as const,
    };
    const at = Date.now();
    const group = await this.#kafka.run(this.#cluster, (admin) => readIndexedGroup(admin, known));
    this.#put(id, group, at);
  }

  removeGroup(id: string): void {
    this.#put(id, null, Date.now());
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#local.close();
    await this.#reader?.close().catch(() => undefined);
  }

  #put(id: string, group: IndexedGroup | null, at: number): void {
    this.#local.put(id, group);
    this.#changes.set(id, { group, at });
    this.#published.snapshot(this.#changes).set(id, group);
  }

  async #start(): Promise<void> {
    while (!this.#closed) {
      try {
        const meta = await this.#kafka.run(this.#cluster, (admin) =>
          ensureInternalTopic(admin, { name: this.#options.topic, partitions: 1, configs: TOPIC_CONFIGS }),
        );
        if (this.#closed) return;
        this.#reader = new IndexTopicReader(this.#kafka.tailClient(this.#cluster), (key, value) => {
          const record = readIndexRecord(key, value, this.#published.intern);
          if (record) this.#published.add(record);
        });
        this.#reader.start(meta, (error) =>
          this.#options.warn(`shared group index reader of cluster ${this.#cluster}: ${String(error)}`),
        );
        this.#schedule();
        return;
      } catch (error) {
        this.#options.warn(`shared group index of cluster ${this.#cluster} not started: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
      }
    }
  }

  /**
   * Checks every second (or refresh interval, when shorter) whether this replica is elected: a replica
   * just elected publishes at once, then every `refreshMs`; one no longer elected stops.
   */
  #schedule(): void {
    if (this.#closed) return;
    this.#timer = setTimeout(
      () => {
        this.#tick()
          .catch((error) => {
            // What landed is unknown: the next publication starts again from what the topic holds.
            this.#written = undefined;
            this.#options.warn(`shared group index of cluster ${this.#cluster}: ${String(error)}`);
          })
          .finally(() => this.#schedule());
      },
      Math.min(1_000, this.#options.refreshMs),
    );
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    if (!this.#options.leading()) {
      this.#written = undefined;
      return;
    }
    // Until the topic is read, this replica does not know what the previous publisher wrote.
    if (!this.#reader?.isCaughtUp) return;
    if (this.#written && Date.now() - this.#lastPublished < this.#options.refreshMs) return;
    const written = this.#written ?? this.#published.values();
    const { snapshot, buildMs } = await this.#local.fresh(this.#options.refreshMs);
    if (this.#closed || !this.#options.leading()) return;
    const messages = publication(written, snapshot, buildMs, this.#published.ids());
    const producer = this.#kafka.producer(this.#cluster);
    for (let i = 0; i < messages.length; i += MESSAGES_PER_SEND) {
      await producer.send({
        messages: messages.slice(i, i + MESSAGES_PER_SEND).map((m) => ({
          topic: this.#options.topic,
          partition: 0,
          key: m.key,
          value: m.value as Buffer,
          headers: new Map([[REPLICA_HEADER, REPLICA]]),
        })),
      });
    }
    this.#written = written;
    this.#lastPublished = Date.now();
  }
}

/**
 * Compacted: each group's latest record and the newest build mark are kept, so the topic stays about the
 * index's size; hourly segments let compaction reach the records of past builds soon, and a tombstone
 * goes an hour after it was written (followers read it well before).
 */
const TOPIC_CONFIGS: Record<string, string> = {
  'cleanup.policy': 'compact',
  'segment.ms': String(3_600_000),
  'delete.retention.ms': String(3_600_000),
  'min.compaction.lag.ms': '0',
};
