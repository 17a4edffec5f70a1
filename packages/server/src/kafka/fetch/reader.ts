import type { Admin } from '@platformatic/kafka';
import { RELEASE_AFTER_BYTES, releaseMemoryWhenIdle } from '../../platform/idle-memory.ts';
import { isBrokerUnreachable, translateKafkaError } from '../errors.ts';
import { type BrokerInfo, readMetadata, type TopicMeta } from '../metadata.ts';
import { payloadBytes } from './batches/record-batches.ts';
import type { Budget } from './budget.ts';
import { Channel } from './channel.ts';
import { closeFetchSession, type Fetched, fetchTopics } from './fetch.ts';
import { FetchSession } from './fetch-session.ts';
import type { Chunk, RawRecord, ReaderEvent, RecordScreen, Span } from './types.ts';

export type ReadOptions = {
  cluster: string;
  /** The client whose connections carry the fetches (not the admin's: long reads must not delay it). */
  client: Admin;
  /** Asked again for leaders when one moves. */
  admin: Admin;
  topic: TopicMeta;
  brokers: Map<number, BrokerInfo>;
  spans: readonly Span[];
  budget: Budget;
  signal: AbortSignal;
  /** Asked before every fetch: false stops reading that partition (its consumer has enough). */
  wants?: (partition: number) => boolean;
  /**
   * How many more records the consumer wants from a partition, for a page: each fetch then asks about
   * that many records' bytes (growing fourfold per further fetch of the partition), and the next fetch
   * waits until the consumer has handled the last answer, so nothing is read that the page will not show.
   */
  wanted?: (partition: number) => number;
  partitionMaxBytes?: number;
  responseMaxBytes?: number;
  /**
   * Read every span to its end whatever the budget says, counting what is read all the same: the caller
   * sized the spans to what the budget has left and checks it between reads (NEWEST windows, scan.ts).
   */
  whole?: boolean;
  /**
   * Tells records the consumer cannot want from their bytes: the reader makes no object for those (a
   * chunk's `records` are the others), and counts them all the same.
   */
  screen?: RecordScreen | undefined;
  /**
   * Count the records from their batches' headers and read none (batches/counted-records.ts): each chunk's
   * `records` is empty, `count` and `next` are what a read would give, and `set` holds the records, for
   * a scan whose worker threads read them. Its `payloadBytes` is 0: the workers count those.
   */
  countOnly?: boolean | undefined;
  /**
   * Incremental fetch sessions (KIP-227, `topicData.fetchSessions`): from the second fetch to a leader,
   * each names only the partitions whose position moved; the session is closed when the loop ends.
   */
  sessions?: boolean;
};

/**
 * Fetch sizes, measured with tests/bench/search (ratio to kcat, peak RSS): 256 KB and 1 MB, 0.63 to 0.77
 * and 149 to 154 MiB; these, 0.75 to 0.84, 159 to 167 MiB; 1 MB and 4 MB, 0.65 and 201 MiB (answers
 * bigger than the young generation).
 */
const PARTITION_MAX_BYTES = 512 * 1024;
const RESPONSE_MAX_BYTES = 2 * 1024 * 1024;
/** Biggest fetch a stuck partition may grow to (a batch larger than its share still has to come through). */
const GROWN_MAX_BYTES = 64 * 1024 * 1024;
/** A page's first fetch of a partition, before any record size is known, counts this many bytes a record. */
const GUESSED_RECORD_BYTES = 1024;
const MIN_PAGE_FETCH_BYTES = 16 * 1024;
const LEADER_MOVED = new Set([3, 5, 6, 74, 75, 100]);
const OFFSET_OUT_OF_RANGE = 1;
const MAX_RELOCATIONS = 5;

/** Scans running now; tests read it to see that a cancelled request let go of its reader. */
export const readerStats = { active: 0 };
/**
 * Whether a scan runs, for the idle collection, which keeps the function until the next request: made
 * here, not in the reader, whose closures would keep the scan's options (its filters, their byte screens'
 * memory) alive after it ends.
 */
const scanRunning = () => readerStats.active > 0;

/**
 * The one bounded record reader (docs/style.md#reading-records). Reads `spans` forward with group-less
 * fetches straight from each partition's leader, one loop per leader in parallel, each a fetch ahead of
 * the consumer at most. Yields `records` and `progress` per answer and ends with `done` (why it stopped,
 * the next offset per partition, what it scanned) or `error`. Stops at once when `signal` aborts or the
 * consumer stops iterating; nothing is left running on the broker.
 */
export async function* readRecords(options: ReadOptions): AsyncGenerator<ReaderEvent> {
  const { topic, spans, budget, signal } = options;
  const positions = new Map(spans.map((s) => [s.partition, s.from]));
  const ends = new Map(spans.map((s) => [s.partition, s.to]));
  const maxBytes = new Map<number, number>();
  const asked = new Map<number, number>();
  const fetches = new Map<number, number>();
  const seen = { records: 0, bytes: 0 };
  const fetchBytes = (p: number): number => {
    const cap = options.partitionMaxBytes ?? PARTITION_MAX_BYTES;
    const grown = maxBytes.get(p) ?? 0;
    if (!options.wanted) return Math.max(grown, cap);
    const perRecord = seen.records > 0 ? seen.bytes / seen.records : GUESSED_RECORD_BYTES;
    const bytes = options.wanted(p) * perRecord * 1.25 * 4 ** (fetches.get(p) ?? 0);
    return Math.max(grown, Math.min(cap, Math.max(MIN_PAGE_FETCH_BYTES, Math.ceil(bytes))));
  };
  const relocations = new Map<number, number>();
  const leaders = new Map(topic.partitions.map((p) => [p.id, p.leader]));
  let brokers = options.brokers;
  /** Partitions given up on: no leader answered for them after MAX_RELOCATIONS tries. */
  const unreadable = new Map<number, string>();
  const open = (p: number) => !unreadable.has(p) && (positions.get(p) ?? 0) < (ends.get(p) ?? 0);

  const channel = new Channel<ReaderEvent>(1);
  const running = new Set<number>();
  let stop: ReturnType<Budget['exhausted']>;
  let failure: unknown;
  const halted = () => signal.aborted || channel.closed || failure !== undefined || stop !== undefined;
  const onAbort = () => channel.close();
  signal.addEventListener('abort', onAbort);

  const snapshot = () => ({ positions: new Map(positions), scanned: budget.scanned() });
  const unreadableList = () => [...unreadable].map(([partition, reason]) => ({ partition, reason }));

  const settle = (results: Fetched[], relocate: number[]): Chunk[] => {
    const chunks: Chunk[] = [];
    for (const r of results) {
      const from = positions.get(r.partition) ?? 0;
      const to = ends.get(r.partition) ?? 0;
      if (LEADER_MOVED.has(r.errorCode)) {
        relocate.push(r.partition);
        continue;
      }
      if (r.errorCode === OFFSET_OUT_OF_RANGE && r.logStartOffset > from) {
        // Retention or deleteRecords removed what was next: carry on from the new log start.
        positions.set(r.partition, Math.min(r.logStartOffset, to));
        continue;
      }
      if (r.errorCode !== 0)
        throw Object.assign(new Error(`Fetch error ${r.errorCode}`), { errorCode: r.errorCode });
      relocations.delete(r.partition);
      fetches.set(r.partition, (fetches.get(r.partition) ?? 0) + 1);
      // Every record read, in offset order: those of a screened read are counted, not all made, and
      // those of a counted one not read at all.
      const read = r.screened;
      const counted = r.counted;
      const total = counted?.total ?? (read ? read.offsets.length : r.records.length);
      const offsetAt = counted
        ? (i: number) => counted.offsetAt(i)
        : read
          ? (i: number) => read.offsets[i] as number
          : (i: number) => (r.records[i] as RawRecord).offset;
      seen.records += total;
      seen.bytes += r.bytes;
      // Those before the span's end, then within the budget.
      let count = firstAtOrPast(total, offsetAt, to);
      let next = Math.min(to, Math.max(from, r.next));
      const allowed = options.whole ? count : budget.allowance(count);
      if (allowed < count) {
        next = offsetAt(allowed);
        count = allowed;
      }
      const all = r.records;
      const records =
        count < total
          ? all.slice(
              0,
              firstAtOrPast(all.length, (i) => (all[i] as RawRecord).offset, offsetAt(count)),
            )
          : all;
      let bytes = 0;
      if (read) for (let i = 0; i < count; i++) bytes += read.payloads[i] as number;
      else for (const raw of records) bytes += payloadBytes(raw);
      budget.records += count;
      budget.bytes += r.bytes;
      if (r.cut) {
        // Only part of a batch came back: a batch bigger than this partition's share. Ask for more next time.
        // (No bytes at all is not that: the answer was full with other partitions' records.)
        maxBytes.set(
          r.partition,
          Math.min(GROWN_MAX_BYTES, (asked.get(r.partition) ?? PARTITION_MAX_BYTES) * 4),
        );
      }
      positions.set(r.partition, next);
      chunks.push({
        partition: r.partition,
        records,
        count,
        payloadBytes: bytes,
        next,
        ...(r.set ? { set: r.set } : {}),
        ...(counted ? { unread: true as const } : {}),
      });
    }
    return chunks;
  };

  // A partition whose leader moved, or did not answer, is asked for again after a fresh Metadata; after
  // MAX_RELOCATIONS tries in a row it is given up on and named at the end, the others read on.
  const refreshLeaders = async (partitions: number[]) => {
    for (const p of partitions) {
      const count = (relocations.get(p) ?? 0) + 1;
      relocations.set(p, count);
      if (count > MAX_RELOCATIONS) {
        const leader = leaders.get(p) ?? -1;
        unreadable.set(
          p,
          leader < 0
            ? 'no leader: the brokers holding its replicas are down'
            : `its leader, broker ${leader}, did not answer`,
        );
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const view = await readMetadata(options.admin, [topic.name]);
    brokers = view.brokers;
    for (const p of view.topics.get(topic.name)?.partitions ?? []) leaders.set(p.id, p.leader);
  };

  const loop = async (leader: number): Promise<void> => {
    running.add(leader);
    const session = options.sessions ? new FetchSession() : undefined;
    let sessionBroker: BrokerInfo | undefined;
    try {
      for (;;) {
        if (halted()) return;
        const mine = [...positions.keys()].filter(
          (p) => leaders.get(p) === leader && open(p) && (options.wants?.(p) ?? true),
        );
        if (mine.length === 0) return;
        if (!options.whole) stop ??= budget.exhausted();
        if (stop) return;
        const broker = brokers.get(leader);
        if (!broker) {
          await refreshLeaders(mine);
          startLoops();
          continue;
        }
        sessionBroker = broker;
        const wants = mine.map((p) => {
          const bytes = fetchBytes(p);
          asked.set(p, bytes);
          return { partition: p, offset: positions.get(p) ?? 0, maxBytes: bytes };
        });
        let results: Fetched[];
        try {
          results = await fetchTopics(
            options.client,
            broker,
            [{ topic, wants, screen: options.screen, countOnly: options.countOnly }],
            options.responseMaxBytes ?? RESPONSE_MAX_BYTES,
            0,
            session,
          );
        } catch (error) {
          if (!isBrokerUnreachable(error)) throw error;
          // The leader went away (stopped, restarted, crashed): its partitions may have a new one.
          await refreshLeaders(mine);
          startLoops();
          continue;
        }
        if (halted()) return;
        const relocate: number[] = [];
        const chunks = settle(results, relocate);
        if (chunks.length && options.wanted) await channel.pushAndWait({ type: 'records', chunks });
        else if (chunks.length) await channel.push({ type: 'records', chunks });
        await channel.push({ type: 'progress', ...snapshot() });
        if (relocate.length) {
          await refreshLeaders(relocate);
          startLoops();
        }
      }
    } finally {
      running.delete(leader);
      // Not awaited: the scan's answer does not wait for the broker to drop the session.
      if (session && sessionBroker) void closeFetchSession(options.client, sessionBroker, session);
    }
  };

  const loops: Promise<void>[] = [];
  function startLoops() {
    const needed = new Set([...positions.keys()].filter(open).map((p) => leaders.get(p) ?? -1));
    for (const leader of needed) {
      if (running.has(leader)) continue;
      loops.push(
        loop(leader).catch((error: unknown) => {
          failure ??= error;
        }),
      );
    }
  }

  const finish = async () => {
    startLoops();
    for (let i = 0; i < loops.length; i++) await loops[i];
    if (failure !== undefined) {
      const error = translateKafkaError(options.cluster, failure) ?? (failure as Error);
      await channel.push({ type: 'error', error });
    } else if (!signal.aborted) {
      await channel.push({
        type: 'done',
        reason: stop ?? 'end',
        ...snapshot(),
        unreadable: unreadableList(),
      });
    }
    channel.close();
  };

  readerStats.active++;
  const finished = finish();
  try {
    for await (const event of channel.drain()) {
      if (signal.aborted) return;
      yield event;
    }
  } finally {
    readerStats.active--;
    signal.removeEventListener('abort', onAbort);
    channel.close();
    void finished;
    // The fetch answers are garbage now: once no scan runs, V8 gives their memory back.
    if (seen.bytes >= RELEASE_AFTER_BYTES) releaseMemoryWhenIdle(scanRunning);
  }
}

/** The first index below `count` whose offset is at or past `offset` (offsets ascending); else `count`. */
function firstAtOrPast(count: number, offsetAt: (index: number) => number, offset: number): number {
  if (count === 0 || offsetAt(count - 1) < offset) return count;
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (offsetAt(mid) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
