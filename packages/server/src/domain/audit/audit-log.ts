import type { AuditEvent, AuditPage, AuditQuery } from '@console/contract';
import type { Admin, Producer } from '@platformatic/kafka';
import type { FastifyBaseLogger } from 'fastify';
import { ensureOnce } from '../../kafka/cluster/internal-topic.ts';
import { TopicFollower } from '../../kafka/cluster/topic-follower.ts';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { Config } from '../../platform/config/schema.ts';
import { AuditIndex } from './audit-index.ts';

const PAGE_SIZE = 50;
const FLUSH_MS = 200;
const FLUSH_EVENTS = 500;
/** Events waiting while the cluster does not answer; past this the oldest are dropped (and counted). */
const QUEUE_MAX = 10_000;
const RETRY_MS = 5_000;

/**
 * The audit trail in Kafka: events queued by the guard's audit hook are written in batches to the audit
 * topic (key: the user), and a follower reads the topic from its start into the viewer's index, so
 * every replica lists the same events, its own and the others'. Writing never delays an answer.
 */
export class AuditLog {
  readonly reads: boolean;
  readonly #index: AuditIndex;
  readonly #topic: string;
  readonly #producer: Producer;
  readonly #admin: Admin;
  readonly #tailClient: Admin;
  readonly #log: FastifyBaseLogger;
  readonly #ensure: () => Promise<void>;
  #queue: AuditEvent[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  #dropped = 0;
  #follower: TopicFollower | undefined;

  constructor(config: Config, pool: KafkaPool, log: FastifyBaseLogger) {
    const settings = config.audit;
    const cluster = settings.cluster ?? pool.clusterIds()[0] ?? '';
    this.reads = settings.reads;
    this.#index = new AuditIndex(settings.indexMaxEvents);
    this.#topic = settings.topic;
    this.#log = log;
    this.#admin = pool.readClients(cluster).admin;
    this.#producer = pool.producer(cluster);
    this.#tailClient = pool.tailClient(cluster);
    this.#ensure = ensureOnce(this.#admin, {
      name: this.#topic,
      partitions: 1,
      configs: {
        'cleanup.policy': 'delete',
        'retention.ms': String(settings.retentionMs),
      },
    });
  }

  /** Starts following the topic (creating it when missing). */
  start(): void {
    this.#follower ??= new TopicFollower(
      { admin: this.#admin, reader: this.#tailClient },
      this.#topic,
      (records) => {
        for (const record of records) {
          if (!record.value) continue;
          try {
            this.#index.add(JSON.parse(record.value.toString('utf8')) as AuditEvent);
          } catch {
            // Not an event of ours: someone else wrote to the topic.
          }
        }
      },
      this.#log,
      this.#ensure,
    );
  }

  record(event: AuditEvent): void {
    this.#queue.push(event);
    if (this.#queue.length > QUEUE_MAX) {
      this.#dropped += this.#queue.length - QUEUE_MAX;
      this.#queue = this.#queue.slice(-QUEUE_MAX);
    }
    if (this.#queue.length >= FLUSH_EVENTS) this.#flushSoon(0);
    else this.#flushSoon(FLUSH_MS);
  }

  query(query: AuditQuery, clusters: (cluster: string) => boolean): AuditPage {
    const { total, events } = this.#index.query(
      {
        ...query,
        from: query.from ? Date.parse(query.from) : undefined,
        to: query.to ? Date.parse(query.to) : undefined,
        clusters,
      },
      (query.page - 1) * PAGE_SIZE,
      PAGE_SIZE,
    );
    return { results: events, page: query.page, total, pageSize: PAGE_SIZE, indexed: this.#index.size };
  }

  async close(): Promise<void> {
    clearTimeout(this.#timer);
    await this.#flush();
    await this.#follower?.close();
    await this.#tailClient.close();
  }

  #flushSoon(ms: number): void {
    if (this.#timer && ms > 0) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#flush();
    }, ms);
  }

  #flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      const batch = this.#queue;
      if (batch.length === 0) return;
      this.#queue = [];
      try {
        await this.#ensure();
        await this.#producer.send({
          messages: batch.map((event) => ({
            topic: this.#topic,
            key: Buffer.from(event.user),
            value: Buffer.from(JSON.stringify(event)),
          })),
        });
      } catch (error) {
        // Put back in front of what came since, within the bound; the next event retries.
        this.#queue = [...batch, ...this.#queue].slice(-QUEUE_MAX);
        this.#flushSoon(RETRY_MS);
        this.#log.warn(
          { err: error, topic: this.#topic, waiting: this.#queue.length },
          'audit events not written yet',
        );
      }
      if (this.#dropped) {
        this.#log.error(
          { dropped: this.#dropped, topic: this.#topic },
          'audit events dropped: the audit topic did not take them',
        );
        this.#dropped = 0;
      }
    });
    return this.#flushing;
  }
}
