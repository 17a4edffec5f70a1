import type { Admin } from '@platformatic/kafka';
import type { FastifyBaseLogger } from 'fastify';
import { fetchTopics } from '../fetch/fetch.ts';
import type { RawRecord } from '../fetch/types.ts';
import { readMetadata, type TopicMeta } from '../metadata.ts';

const WAIT_MS = 500;
const RESPONSE_MAX_BYTES = 4 * 1024 * 1024;
const PARTITION_MAX_BYTES = 1024 * 1024;
const OFFSET_OUT_OF_RANGE = 1;
const RETRY_MS = 2_000;

/**
 * Reads one of the console's own topics from its first record on and then follows it, handing each
 * fetched batch of records to `onRecords` in offset order per partition. No consumer group: every replica
 * reads the whole topic for itself. Errors are logged and retried; `close()` stops it.
 */
export class TopicFollower {
  readonly #stop = new AbortController();
  readonly #done: Promise<void>;
  readonly admin: Admin;
  readonly reader: Admin;
  readonly topic: string;
  readonly onRecords: (records: RawRecord[]) => void;
  readonly log: FastifyBaseLogger;

  /** `reader` carries only this follower's fetches (they wait on the broker); `before` runs before each start. */
  constructor(
    clients: { admin: Admin; reader: Admin },
    topic: string,
    onRecords: (records: RawRecord[]) => void,
    log: FastifyBaseLogger,
    before: () => Promise<void> = async () => {},
  ) {
    this.admin = clients.admin;
    this.reader = clients.reader;
    this.topic = topic;
    this.onRecords = onRecords;
    this.log = log;
    this.#done = this.#run(before);
  }

  async close(): Promise<void> {
    this.#stop.abort();
    await this.#done;
  }

  async #run(before: () => Promise<void>): Promise<void> {
    const positions = new Map<number, number>();
    const signal = this.#stop.signal;
    while (!signal.aborted) {
      try {
        await before();
        const view = await readMetadata(this.admin, [this.topic]);
        const meta = view.topics.get(this.topic);
        if (!meta) throw new Error(`topic '${this.topic}' does not exist`);
        await this.#follow(meta, view.brokers, positions, signal);
      } catch (error) {
        if (signal.aborted) return;
        this.log.warn({ err: error, topic: this.topic }, 'reading a console topic failed; retrying');
        await sleep(RETRY_MS, signal);
      }
    }
  }

  /** Fetches until the leaders change or an error: then the caller reads the metadata again. */
  async #follow(
    meta: TopicMeta,
    brokers: Map<number, { id: number; host: string; port: number }>,
    positions: Map<number, number>,
    signal: AbortSignal,
  ): Promise<void> {
    for (const p of meta.partitions) if (!positions.has(p.id)) positions.set(p.id, 0);
    const leaders = new Map<number, number[]>();
    for (const p of meta.partitions) leaders.set(p.leader, [...(leaders.get(p.leader) ?? []), p.id]);
    while (!signal.aborted) {
      for (const [leader, partitions] of leaders) {
        const broker = brokers.get(leader);
        if (!broker) throw new Error(`no leader for '${this.topic}'`);
        const wants = partitions.map((p) => ({
          partition: p,
          offset: positions.get(p) ?? 0,
          maxBytes: PARTITION_MAX_BYTES,
        }));
        const results = await fetchTopics(
          this.reader,
          broker,
          [{ topic: meta, wants }],
          RESPONSE_MAX_BYTES,
          WAIT_MS,
        );
        if (signal.aborted) return;
        for (const r of results) {
          if (r.errorCode === OFFSET_OUT_OF_RANGE) {
            positions.set(r.partition, r.logStartOffset);
            continue;
          }
          if (r.errorCode !== 0)
            throw Object.assign(new Error(`Fetch error ${r.errorCode}`), { errorCode: r.errorCode });
          if (r.records.length) this.onRecords(r.records);
          positions.set(r.partition, Math.max(positions.get(r.partition) ?? 0, r.next));
        }
      }
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
