import { type Admin, ListOffsetTimestamps } from '@platformatic/kafka';
import { isBrokerUnreachable } from '../../kafka/errors.ts';
import { closeFetchSession, type Fetched, fetchTopics } from '../../kafka/fetch/fetch.ts';
import { FetchSession } from '../../kafka/fetch/fetch-session.ts';
import { type BrokerInfo, byLeader, readMetadata, type TopicMeta } from '../../kafka/metadata.ts';
import { listOffsets } from '../../kafka/offsets.ts';
import { MaskedRecord } from '../masking/masked-record.ts';
import type { RecordMask } from '../masking/policy.ts';
import { type DecodeContext, schemaIds } from './decode/decode.ts';
import { DecodedRecord } from './decode/decoded-record.ts';
import type { RecordFilter } from './expression/record-filter.ts';
import { yieldTurn } from './expression/yield-turn.ts';
import { matches, type SearchFilter } from './scan/filters.ts';
import { toDataRecord } from './view/record-view.ts';

/** How long a fetch waits on the broker for new data: the most a new partition or a stop waits. */
const WAIT_MS = 500;
const PARTITION_MAX_BYTES = 1024 * 1024;
const RESPONSE_MAX_BYTES = 8 * 1024 * 1024;
const LEADER_MOVED = new Set([3, 5, 6, 74, 75, 100]);
const OFFSET_OUT_OF_RANGE = 1;

export const positionKey = (topic: string, partition: number) => `${topic}\u0000${partition}`;

/**
 * A fetched record as its TailRecord JSON text, made once and shared by every tail it goes to. Only the
 * text is kept: a decoded record would hold on to the whole fetch answer its bytes are slices of.
 */
export type SharedRecord = string;

/** One live tail reading from the hub: its topics, its filter, and what it has not taken yet. */
export class TailSubscription {
  readonly topics: ReadonlySet<string>;
  readonly filter: SearchFilter | undefined;
  /** The viewer's masks per topic: the filter and the records see the masked record. */
  readonly mask: (topic: string) => RecordMask | undefined;
  readonly expression: RecordFilter | undefined;
  /** `topic\u0000partition` → the next offset this tail wants. */
  readonly positions: Map<string, number>;
  /** Partitions whose end the broker did not give yet (keyed as `positions`): the hub asks again. */
  readonly unresolved = new Map<string, { topic: string; partition: number }>();
  /** When the tail started: a partition resolved later is read from its first record written since. */
  readonly since = Date.now();
  readonly #size: number;
  #pending: SharedRecord[] = [];
  #failure: unknown;
  #wake: (() => void) | undefined;

  constructor(
    topics: readonly string[],
    filter: SearchFilter | undefined,
    size: number,
    mask: (topic: string) => RecordMask | undefined,
    expression?: RecordFilter,
  ) {
    this.topics = new Set(topics);
    this.filter = filter;
    this.mask = mask;
    this.expression = expression;
    this.positions = new Map();
    this.#size = size;
  }

  /** Keeps the newest `size` records: a client that lags loses the oldest, as its table would. */
  offer(record: SharedRecord): void {
    this.#pending.push(record);
    if (this.#pending.length >= this.#size * 2) this.#pending = this.#pending.slice(-this.#size);
  }

  notify(): void {
    this.#wake?.();
  }

  fail(error: unknown): void {
    this.#failure ??= error;
    this.notify();
  }

  /** Waits until records or a failure arrived, or `ms` passed; then hands over what is pending. */
  async take(ms: number, signal: AbortSignal): Promise<SharedRecord[]> {
    if (!this.#pending.length && this.#failure === undefined && !signal.aborted) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        this.#wake = done;
        signal.addEventListener('abort', done, { once: true });
      });
      this.#wake = undefined;
    }
    if (this.#failure !== undefined) throw this.#failure;
    return this.#pending.splice(0).slice(-this.#size);
  }
}

/**
 * The live tails of one cluster share one reader (docs/style.md#reading-records): one fetch loop on a client
 * of its own, one request per leader for every partition any tail watches, each record decoded once.
 * Each partition is read from the lowest position a tail still wants, so a tail that resumes from
 * `after` (or joins while others read ahead) gets its records without a reader of its own; the others
 * skip what they already had. The loop stops, and its client closes, when the last tail leaves.
 *
 * With `sessions` (`topicData.fetchSessions`) the loop keeps an incremental fetch session (KIP-227) with
 * each leader: a fetch names only the partitions whose position moved, and the broker answers only
 * those with new records. A leader left with nothing to read, and every leader when the loop stops,
 * gets its session closed.
 */
export class TailHub {
  readonly #admin: Admin;
  readonly #newClient: () => Admin;
  readonly #decode: (topic: TopicMeta) => DecodeContext;
  readonly #sessions: boolean;
  readonly #subscriptions = new Set<TailSubscription>();
  #topics = new Map<string, TopicMeta>();
  #running: Promise<void> | undefined;
  /** Fetches sent by every hub; tests read it to see that reading stops when the tails leave. */
  static fetches = 0;

  constructor(
    admin: Admin,
    newClient: () => Admin,
    decode: (topic: TopicMeta) => DecodeContext,
    options: { sessions: boolean },
  ) {
    this.#sessions = options.sessions;
    this.#admin = admin;
    this.#newClient = newClient;
    this.#decode = decode;
  }

  get size(): number {
    return this.#subscriptions.size;
  }

  /**
   * Adds a tail on `topics`, each partition starting at `after` or else at its current end. Resolves once
   * the positions are known: anything produced from then on reaches the tail.
   */
  async subscribe(
    topics: readonly TopicMeta[],
    after: ReadonlyMap<string, number>,
    filter: SearchFilter | undefined,
    size: number,
    mask: (topic: string) => RecordMask | undefined,
    expression?: RecordFilter,
  ): Promise<TailSubscription> {
    const subscription = new TailSubscription(
      topics.map((t) => t.name),
      filter,
      size,
      mask,
      expression,
    );
    const missing = topics.filter((t) => t.partitions.some((p) => !after.has(positionKey(t.name, p.id))));
    const view = missing.length
      ? await readMetadata(
          this.#admin,
          missing.map((t) => t.name),
        )
      : undefined;
    const ends = view
      ? await listOffsets(this.#admin, view, missing, ListOffsetTimestamps.LATEST)
      : new Map();
    for (const t of topics) {
      this.#topics.set(t.name, view?.topics.get(t.name) ?? t);
      for (const p of t.partitions) {
        const key = positionKey(t.name, p.id);
        const from = after.get(key) ?? ends.get(t.name)?.get(p.id)?.offset;
        if (from !== undefined) subscription.positions.set(key, from);
        else subscription.unresolved.set(key, { topic: t.name, partition: p.id });
      }
    }
    this.#subscriptions.add(subscription);
    this.#start();
    return subscription;
  }

  /** One loop at a time; one that ends while a tail has just joined is started again. */
  #start(): void {
    this.#running ??= this.#loop().finally(() => {
      this.#running = undefined;
      if (this.#subscriptions.size) this.#start();
    });
  }

  unsubscribe(subscription: TailSubscription): void {
    this.#subscriptions.delete(subscription);
    for (const name of [...this.#topics.keys()]) {
      if (![...this.#subscriptions].some((s) => s.topics.has(name))) this.#topics.delete(name);
    }
  }

  /**
   * Asks again for the ends of partitions a tail joined without (a topic created a moment ago, a leader
   * being elected: ListOffsets leaves them out), so the tail reads them once known instead of never:
   * from the first record stamped since the tail started (records written meanwhile are not lost), else
   * from the end read just before. Per tail still waiting, a round: one Metadata and two ListOffsets.
   * True when a partition was resolved.
   */
  async #resolveEnds(): Promise<boolean> {
    let resolved = false;
    for (const s of this.#subscriptions) {
      if (s.unresolved.size === 0) continue;
      const names = [...new Set([...s.unresolved.values()].map((u) => u.topic))];
      const view = await readMetadata(this.#admin, names);
      const metas = names.flatMap((name) => view.topics.get(name) ?? []);
      const ends = await listOffsets(this.#admin, view, metas, ListOffsetTimestamps.LATEST);
      const since = await listOffsets(this.#admin, view, metas, BigInt(s.since));
      for (const [key, { topic, partition }] of s.unresolved) {
        const end = ends.get(topic)?.get(partition)?.offset;
        if (end === undefined) continue;
        // -1: no record stamped since the tail started (at the second answer); the end read first holds.
        const first = since.get(topic)?.get(partition)?.offset ?? -1;
        s.positions.set(key, first >= 0 ? Math.min(first, end) : end);
        s.unresolved.delete(key);
        resolved = true;
      }
    }
    return resolved;
  }

  /** Where the hub reads each watched partition: the lowest position any tail wants. */
  #positions(): Map<string, number> {
    const lowest = new Map<string, number>();
    for (const s of this.#subscriptions) {
      for (const [key, offset] of s.positions) {
        const now = lowest.get(key);
        if (now === undefined || offset < now) lowest.set(key, offset);
      }
    }
    return lowest;
  }

  async #loop(): Promise<void> {
    const client = this.#newClient();
    /** Leader id → its fetch session and the broker it was opened with. */
    const sessions = new Map<number, { broker: BrokerInfo; session: FetchSession }>();
    const sessionOf = (broker: BrokerInfo): FetchSession | undefined => {
      if (!this.#sessions) return undefined;
      const known = sessions.get(broker.id);
      if (known) {
        known.broker = broker;
        return known.session;
      }
      const session = new FetchSession();
      sessions.set(broker.id, { broker, session });
      return session;
    };
    const closeSessions = (keep: ReadonlySet<number>) =>
      Promise.all(
        [...sessions].map(async ([id, { broker, session }]) => {
          if (keep.has(id)) return;
          sessions.delete(id);
          await closeFetchSession(client, broker, session);
        }),
      );
    try {
      let view = await readMetadata(this.#admin, [...this.#topics.keys()]);
      while (this.#subscriptions.size > 0) {
        // A partition whose end is now known may have had no leader in the view read before.
        if (await this.#resolveEnds()) view = await readMetadata(this.#admin, [...this.#topics.keys()]);
        const positions = this.#positions();
        const topics = [...this.#topics.values()];
        if (topics.some((t) => !view.topics.has(t.name)))
          view = await readMetadata(this.#admin, [...this.#topics.keys()]);
        const leaders = byLeader(
          view,
          topics.flatMap((t) => view.topics.get(t.name) ?? []),
        );
        // A leader with nothing left to read here gives its session slot back.
        if (sessions.size) await closeSessions(new Set(leaders.map((l) => l.broker.id)));
        // A leader that does not answer (down, not yet fenced) is left out of this round, and the view is
        // read again: its partitions go on from where they were once a leader answers for them
        // (docs/behaviour.md#a-broker-down). The others keep going.
        let unreachable = false;
        const rounds = leaders.map(({ broker, topics: owned }) =>
          fetchTopics(
            client,
            broker,
            [...owned].map(([topic, partitions]) => ({
              topic,
              wants: partitions.flatMap((p) => {
                const offset = positions.get(positionKey(topic.name, p.id));
                return offset === undefined
                  ? []
                  : [{ partition: p.id, offset, maxBytes: PARTITION_MAX_BYTES }];
              }),
            })),
            RESPONSE_MAX_BYTES,
            WAIT_MS,
            sessionOf(broker),
          ).catch((error: unknown) => {
            if (!isBrokerUnreachable(error)) throw error;
            unreachable = true;
            sessions.delete(broker.id);
            return [] as Fetched[];
          }),
        );
        TailHub.fetches += rounds.length;
        if (rounds.length === 0) await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
        const results = (await Promise.all(rounds)).flat();
        if (this.#subscriptions.size === 0) return;
        await this.#loadSchemas(results);
        const stale = await this.#deliver(results, positions);
        // Not at once: a broker that refuses connections would make this a busy loop.
        if (unreachable) await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
        if (stale || unreachable) view = await readMetadata(this.#admin, [...this.#topics.keys()]);
      }
    } catch (error) {
      for (const s of this.#subscriptions) s.fail(error);
      this.#subscriptions.clear();
      this.#topics.clear();
    } finally {
      await closeSessions(new Set());
      await client.close().catch(() => undefined);
    }
  }

  /**
   * Hands each record to the tails that want it; true when a leader moved and metadata must be read
   * again. A tail that wants a partition from before where this fetch started it (it joined meanwhile)
   * is left for the next fetch, which starts from its position.
   */
  async #deliver(results: readonly Fetched[], requested: ReadonlyMap<string, number>): Promise<boolean> {
    let stale = false;
    const outOfRange: Fetched[] = [];
    for (const r of results) {
      const meta = this.#topics.get(r.topic);
      if (!meta) continue;
      const key = positionKey(r.topic, r.partition);
      if (LEADER_MOVED.has(r.errorCode)) {
        stale = true;
        continue;
      }
      if (r.errorCode === OFFSET_OUT_OF_RANGE) {
        outOfRange.push(r);
        continue;
      }
      if (r.errorCode !== 0)
        throw Object.assign(new Error(`Fetch error ${r.errorCode}`), { errorCode: r.errorCode });
      const context = this.#decode(meta);
      const from = requested.get(key) ?? 0;
      const wanting = [...this.#subscriptions].filter((s) => (s.positions.get(key) ?? -1) >= from);
      const masks = wanting.map((s) => s.mask(r.topic));
      const expressions = wanting.some((s) => s.expression);
      for (const raw of r.records) {
        // One view and one JSON text per set of masks: tails under the same rules share them.
        const shared = new Map<string, { view: MaskedRecord; json?: string }>();
        let decoded: DecodedRecord | undefined;
        wanting.forEach((s, i) => {
          if (raw.offset < (s.positions.get(key) ?? 0)) return;
          const mask = masks[i];
          const id = mask?.id ?? '';
          let entry = shared.get(id);
          if (!entry) {
            decoded ??= new DecodedRecord(raw, context);
            entry = { view: new MaskedRecord(decoded, mask) };
            shared.set(id, entry);
          }
          const { view } = entry;
          if (s.filter && !matches(s.filter, [view.key.text, view.value.text])) return;
          if (s.expression && !s.expression.test(view, r.topic)) return;
          entry.json ??= JSON.stringify(toDataRecord(view));
          s.offer(entry.json);
        });
        if (expressions && wanting.some((s) => s.expression?.yieldDue())) await yieldTurn();
      }
      for (const s of wanting) s.positions.set(key, Math.max(s.positions.get(key) ?? 0, r.next));
    }
    // Retention removed what was next, or the log was truncated or recreated under the tails: they carry
    // on from its log start or its current end.
    if (outOfRange.length) {
      const metas = [...new Set(outOfRange.map((r) => this.#topics.get(r.topic)))].filter(
        (t): t is TopicMeta => t !== undefined,
      );
      const view = await readMetadata(
        this.#admin,
        metas.map((t) => t.name),
      );
      const ends = await listOffsets(this.#admin, view, metas, ListOffsetTimestamps.LATEST);
      for (const r of outOfRange) {
        const key = positionKey(r.topic, r.partition);
        const end = ends.get(r.topic)?.get(r.partition)?.offset ?? r.logStartOffset;
        for (const s of this.#subscriptions) {
          const at = s.positions.get(key);
          if (at !== undefined)
            s.positions.set(key, at < r.logStartOffset ? r.logStartOffset : Math.min(at, end));
        }
      }
    }
    for (const s of this.#subscriptions) s.notify();
    return stale;
  }

  /** Loads the registry schemas the fetched records name, so that they decode synchronously. */
  async #loadSchemas(results: readonly Fetched[]): Promise<void> {
    for (const t of this.#topics.values()) {
      const { schemas, detectSchemas } = this.#decode(t);
      if (!schemas || !detectSchemas) continue;
      const ids = schemaIds(results.filter((r) => r.topic === t.name).flatMap((r) => r.records));
      if (ids.length) await schemas.load(ids);
    }
  }
}
