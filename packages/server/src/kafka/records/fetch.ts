import { type Admin, FetchIsolationLevels } from '@platformatic/kafka';
import type { BrokerInfo, TopicMeta } from '../metadata.ts';
import { send } from '../protocol.ts';
import { type FetchArgs, type RawFetchResponse, rawFetchApi } from './fetch-api.ts';
import { readRecordBatches } from './record-batches.ts';
import type { RawRecord } from './types.ts';

/** Fetch-session epoch -1: a one-off fetch; no session, no group, nothing left on the broker. */
const NO_SESSION = -1;

export type FetchWant = { partition: number; offset: number; maxBytes: number };
export type Fetched = {
  topic: string;
  partition: number;
  errorCode: number;
  records: RawRecord[];
  /** The offset after the last batch returned (control batches and aborted ones included). */
  next: number;
  /** Bytes of the whole batches read. */
  bytes: number;
  /** True when the broker sent bytes but not one whole batch: the partition's byte limit is too small. */
  cut: boolean;
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
  const answer = await send<FetchArgs, RawFetchResponse>(
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
    { api: rawFetchApi },
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
        ...read(p.records, p.partitionIndex, start, p.abortedTransactions ?? []),
      });
    }
  }
  return results;
}

function read(
  set: Buffer | null,
  partition: number,
  start: number,
  aborted: Parameters<typeof readRecordBatches>[3],
): Pick<Fetched, 'records' | 'next' | 'bytes' | 'cut'> {
  if (!set) return { records: [], next: start, bytes: 0, cut: false };
  const batches = readRecordBatches(set, partition, start, aborted);
  return { ...batches, cut: batches.bytes === 0 };
}
