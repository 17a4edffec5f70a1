import { type Admin, FetchIsolationLevels, type fetchV17, type RecordsBatch } from '@platformatic/kafka';
import type { BrokerInfo, TopicMeta } from '../metadata.ts';
import { send } from '../protocol.ts';
import type { RawRecord } from './types.ts';

/** Fetch-session epoch -1: a one-off fetch; no session, no group, nothing left on the broker. */
const NO_SESSION = -1;
const TRANSACTIONAL = 0x10;
const CONTROL = 0x20;
const LOG_APPEND_TIME = 0x08;
const ABORT_MARKER = 0;

export type FetchWant = { partition: number; offset: number; maxBytes: number };
export type Fetched = {
  topic: string;
  partition: number;
  errorCode: number;
  records: RawRecord[];
  /** The offset after the last batch returned (control batches and aborted ones included). */
  next: number;
  bytes: number;
  logStartOffset: number;
};

/** Counts every Fetch sent, so tests and metrics can see that a cancelled scan stopped reading. */
export const fetchStats = { requests: 0 };

/** What to fetch of one topic: its partitions and where each is read from. */
export type TopicFetch = { topic: TopicMeta; wants: readonly FetchWant[] };

/**
 * One Fetch request to `broker` for partitions of `topic`, read_committed, answered at once.
 * Records of aborted transactions and transaction markers are left out, as a consumer would.
 */
export function fetchPartitions(
  client: Admin,
  broker: BrokerInfo,
  topic: TopicMeta,
  wants: readonly FetchWant[],
  responseMaxBytes: number,
): Promise<Fetched[]> {
  return fetchTopics(client, broker, [{ topic, wants }], responseMaxBytes, 0);
}

/**
 * One Fetch request to `broker` for partitions of several topics, answered as soon as there is data and
 * after `maxWaitMs` at most (a live tail waits on the broker rather than asking again and again).
 */
export async function fetchTopics(
  client: Admin,
  broker: BrokerInfo,
  requests: readonly TopicFetch[],
  responseMaxBytes: number,
  maxWaitMs: number,
): Promise<Fetched[]> {
  fetchStats.requests++;
  const answer = await send<fetchV17.FetchRequest, fetchV17.FetchResponse>(
    client,
    broker,
    'Fetch',
    (version) => [
      maxWaitMs,
      1,
      responseMaxBytes,
      FetchIsolationLevels.READ_COMMITTED,
      0,
      NO_SESSION,
      requests.map(({ topic, wants }) => ({
        // Fetch up to v12 names topics; later versions use their ids.
        topicId: version <= 12 ? topic.name : topic.id,
        partitions: wants.map((w) => ({
          partition: w.partition,
          currentLeaderEpoch: -1,
          fetchOffset: BigInt(w.offset),
          lastFetchedEpoch: -1,
          partitionMaxBytes: w.maxBytes,
        })),
      })),
      [],
      '',
    ],
    { partial: true },
  );
  const byId = new Map(requests.map((r) => [r.topic.id, r]));
  const byName = new Map(requests.map((r) => [r.topic.name, r]));
  const results: Fetched[] = [];
  for (const t of answer.responses) {
    const asked = byId.get(t.topicId) ?? byName.get(t.topicId);
    if (!asked) continue;
    const from = new Map(asked.wants.map((w) => [w.partition, w.offset]));
    for (const p of t.partitions) {
      const start = from.get(p.partitionIndex) ?? 0;
      results.push({
        topic: asked.topic.name,
        partition: p.partitionIndex,
        errorCode: p.errorCode,
        logStartOffset: Number(p.logStartOffset),
        ...readBatches(p.partitionIndex, start, p.records ?? [], p.abortedTransactions ?? []),
      });
    }
  }
  return results;
}

/** The consumer's read_committed rule (KIP-98): skip batches of producers whose transaction aborted. */
function readBatches(
  partition: number,
  start: number,
  batches: readonly RecordsBatch[],
  aborted: readonly { producerId: bigint; firstOffset: bigint }[],
): { records: RawRecord[]; next: number; bytes: number } {
  const pending = [...aborted].sort((a, b) => (a.firstOffset < b.firstOffset ? -1 : 1));
  const abortedProducers = new Set<bigint>();
  const records: RawRecord[] = [];
  let next = start;
  let bytes = 0;
  for (const batch of batches) {
    const last = batch.firstOffset + BigInt(batch.lastOffsetDelta);
    next = Math.max(next, Number(last) + 1);
    bytes += batch.length;
    while (pending.length && (pending[0]?.firstOffset ?? last + 1n) <= last) {
      abortedProducers.add(pending.shift()?.producerId ?? -1n);
    }
    if (batch.attributes & CONTROL) {
      const marker = batch.records[0]?.key;
      if (marker && marker.length >= 4 && marker.readInt16BE(2) === ABORT_MARKER) {
        abortedProducers.delete(batch.producerId);
      }
      continue;
    }
    if (batch.attributes & TRANSACTIONAL && abortedProducers.has(batch.producerId)) continue;
    const logAppend = (batch.attributes & LOG_APPEND_TIME) !== 0;
    const base = Number(batch.firstOffset);
    const firstTimestamp = Number(batch.firstTimestamp);
    for (const r of batch.records) {
      const offset = base + r.offsetDelta;
      if (offset < start) continue;
      records.push({
        partition,
        offset,
        timestamp: logAppend ? Number(batch.maxTimestamp) : firstTimestamp + Number(r.timestampDelta),
        key: r.key,
        value: r.value,
        headers: r.headers,
      });
    }
  }
  return { records, next, bytes };
}
