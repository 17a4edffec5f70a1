import { type Admin, FetchIsolationLevels, ListOffsetTimestamps } from '@platformatic/kafka';
import { fetchTopics } from '../../../kafka/fetch/fetch.ts';
import { readMetadata, type TopicMeta } from '../../../kafka/metadata.ts';
import { listOffsets } from '../../../kafka/offsets.ts';

const OFFSET_OUT_OF_RANGE = 1;
const FETCH_BYTES = 4 * 1024 * 1024;
const WAIT_MS = 500;

/**
 * Reads partition 0 of the shared index topic from its start, then follows it (a Fetch that waits on the
 * broker), on a client of its own, with no consumer group: the console's own fetch path, as the lag
 * history reader does. Each record goes to `onRecord`. Stops with `close`.
 */
export class IndexTopicReader {
  readonly #client: Admin;
  readonly #onRecord: (key: Buffer | null, value: Buffer | null) => void;
  #offset = 0;
  #closed = false;
  #isCaughtUp = false;
  readonly #caughtUp: Promise<void>;
  #markCaughtUp: () => void = () => undefined;
  #loop: Promise<void> | undefined;

  constructor(client: Admin, onRecord: (key: Buffer | null, value: Buffer | null) => void) {
    this.#client = client;
    this.#onRecord = onRecord;
    this.#caughtUp = new Promise((resolve) => {
      this.#markCaughtUp = resolve;
    });
  }

  start(topic: TopicMeta, onError: (error: unknown) => void): void {
    this.#loop = this.#run(topic, onError);
  }

  get isCaughtUp(): boolean {
    return this.#isCaughtUp;
  }

  /** Resolves once the records written before the reader started are read, or after `ms`. */
  caughtUp(ms: number): Promise<void> {
    return Promise.race([this.#caughtUp, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#loop;
    await this.#client.close();
  }

  async #run(initial: TopicMeta, onError: (error: unknown) => void): Promise<void> {
    let topic = initial;
    let end = -1;
    while (!this.#closed) {
      try {
        const view = await readMetadata(this.#client, [topic.name]);
        topic = view.topics.get(topic.name) ?? topic;
        const broker = view.brokers.get(topic.partitions[0]?.leader ?? -1);
        if (!broker) throw new Error(`${topic.name} has no leader`);
        if (end < 0) {
          const listed = await listOffsets(
            this.#client,
            view,
            [topic],
            ListOffsetTimestamps.LATEST,
            FetchIsolationLevels.READ_COMMITTED,
          );
          end = listed.get(topic.name)?.get(0)?.offset ?? 0;
        }
        await this.#follow(broker, topic, end);
      } catch (error) {
        if (this.#closed) return;
        onError(error);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  async #follow(broker: Parameters<typeof fetchTopics>[1], topic: TopicMeta, end: number): Promise<void> {
    while (!this.#closed) {
      if (this.#offset >= end && !this.#isCaughtUp) {
        this.#isCaughtUp = true;
        this.#markCaughtUp();
      }
      const [answer] = await fetchTopics(
        this.#client,
        broker,
        [{ topic, wants: [{ partition: 0, offset: this.#offset, maxBytes: FETCH_BYTES }] }],
        FETCH_BYTES,
        this.#offset >= end ? WAIT_MS : 0,
      );
      if (!answer) continue;
      if (answer.errorCode === OFFSET_OUT_OF_RANGE) {
        this.#offset = Math.max(this.#offset, answer.logStartOffset);
        continue;
      }
      if (answer.errorCode !== 0) throw new Error(`Fetch error ${answer.errorCode} on ${topic.name}`);
      for (const r of answer.records) this.#onRecord(r.key, r.value);
      this.#offset = Math.max(this.#offset, answer.next);
    }
  }
}
