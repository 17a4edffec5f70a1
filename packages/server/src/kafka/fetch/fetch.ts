import { type Admin, FetchIsolationLevels } from '@platformatic/kafka';
import type { BrokerInfo, TopicMeta } from '../metadata.ts';
import { send } from '../protocol.ts';
import { type CountedRecords, countRecordBatches } from './batches/counted-records.ts';
import { readRecordBatches, type ScreenedRead } from './batches/record-batches.ts';
import { type FetchArgs, type RawFetchResponse, rawFetchApi } from './fetch-api.ts';
import type { FetchSession, SessionRequest } from './fetch-session.ts';
import type { RawRecord, RecordScreen, RecordSet } from './types.ts';

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
  /** What the records were read from (types.ts `Chunk`). */
  set?: RecordSet;
  /** With a screen: every record read, `records` holding only those it did not rule out. */
  screened?: ScreenedRead;
  /** Counted, not read (`TopicFetch.countOnly`): `records` is empty. */
  counted?: CountedRecords;
  logStartOffset: number;
};

/**
 * Counts every Fetch that reads, so tests and metrics can see that a cancelled scan stopped reading (the
 * request that closes a fetch session reads nothing: fetchSessionStats.closed counts those).
 */
export const fetchStats = { requests: 0 };

/**
 * What to fetch of one topic: its partitions and where each is read from; `screen`: what the reader of
 * its records does not want made (batches/record-batches.ts); `countOnly`: the records are counted from their
 * batches' headers and not read (batches/counted-records.ts), for a scan whose worker threads read them.
 */
export type TopicFetch = {
  topic: TopicMeta;
  wants: readonly FetchWant[];
  screen?: RecordScreen | undefined;
  countOnly?: boolean | undefined;
};

/**
 * One Fetch request to `broker` for partitions of several topics, answered as soon as there is data and
 * after `maxWaitMs` at most (a live tail waits on the broker rather than asking again and again).
 *
 * Without `session` the request has no session (epoch -1): nothing is left on the broker. With one, it
 * names only what the session needs (fetch-session.ts), and the answer leaves out the partitions with
 * nothing new: a partition asked and not answered had nothing to read. A session error sends the
 * request again at once as a full fetch.
 */
export async function fetchTopics(
  client: Admin,
  broker: BrokerInfo,
  requests: readonly TopicFetch[],
  responseMaxBytes: number,
  maxWaitMs: number,
  session?: FetchSession,
): Promise<Fetched[]> {
  let answer: RawFetchResponse;
  for (let attempt = 0; ; attempt++) {
    const asked = session?.request(requests) ?? sessionless(requests);
    fetchStats.requests++;
    try {
      answer = await sendFetch(client, broker, asked, responseMaxBytes, maxWaitMs);
    } catch (error) {
      session?.failed();
      throw error;
    }
    if (session?.answered(answer.errorCode, answer.sessionId) === 'again' && attempt === 0) continue;
    break;
  }
  // Without a fetch session errors come per partition; a whole-answer error fails the read, as settle does.
  if (answer.errorCode !== 0)
    throw Object.assign(new Error(`Fetch error ${answer.errorCode}`), { errorCode: answer.errorCode });
  const byId = new Map(requests.map((r) => [r.topic.id, r]));
  const byName = new Map(requests.map((r) => [r.topic.name, r]));
  const results: Fetched[] = [];
  for (const t of answer.responses) {
    const asked = byId.get(t.topicId) ?? byName.get(t.topicId);
    if (!asked) continue;
    const from = new Map(asked.wants.map((w) => [w.partition, w.offset]));
    for (const p of t.partitions) {
      const start = from.get(p.partitionIndex);
      if (start === undefined) continue;
      results.push({
        topic: asked.topic.name,
        partition: p.partitionIndex,
        errorCode: p.errorCode,
        logStartOffset: Number(p.logStartOffset),
        ...read(p.records, p.partitionIndex, start, p.abortedTransactions ?? [], asked),
      });
    }
  }
  return results;
}

/** Ends `session` on the broker (epoch -1), if one is open; a failure only loses the slot until eviction. */
export async function closeFetchSession(client: Admin, broker: BrokerInfo, session: FetchSession) {
  const closing = session.close();
  if (closing) await sendFetch(client, broker, closing, 0, 0).catch(() => undefined);
}

const sessionless = (topics: readonly TopicFetch[]): SessionRequest => ({
  sessionId: 0,
  epoch: -1,
  topics: [...topics],
  forgotten: [],
});

function sendFetch(
  client: Admin,
  broker: BrokerInfo,
  asked: SessionRequest,
  responseMaxBytes: number,
  maxWaitMs: number,
): Promise<RawFetchResponse> {
  // Fetch up to v12 names topics; later versions use their ids.
  const topicId = (version: number, topic: TopicMeta) => (version <= 12 ? topic.name : topic.id);
  return send<FetchArgs, RawFetchResponse>(
    client,
    broker,
    'Fetch',
    (version) => [
      maxWaitMs,
      1,
      responseMaxBytes,
      FetchIsolationLevels.READ_COMMITTED,
      asked.sessionId,
      asked.epoch,
      asked.topics.map(({ topic, wants }) => ({
        topicId: topicId(version, topic),
        partitions: wants.map((w) => ({
          partition: w.partition,
          currentLeaderEpoch: -1,
          fetchOffset: BigInt(w.offset),
          lastFetchedEpoch: -1,
          partitionMaxBytes: w.maxBytes,
        })),
      })),
      asked.forgotten.map(({ topic, partitions }) => ({ topicId: topicId(version, topic), partitions })),
      '',
    ],
    { api: rawFetchApi },
  );
}

function read(
  set: Buffer | null,
  partition: number,
  start: number,
  aborted: Parameters<typeof readRecordBatches>[3],
  { screen, countOnly }: TopicFetch,
): Pick<Fetched, 'records' | 'next' | 'bytes' | 'cut' | 'set' | 'screened' | 'counted'> {
  if (!set) return { records: [], next: start, bytes: 0, cut: false };
  const recordSet: RecordSet = { bytes: set, start, aborted };
  const batches = countOnly
    ? { records: [], ...countRecordBatches(set, partition, start, aborted) }
    : readRecordBatches(set, partition, start, aborted, { holder: recordSet, screen });
  return { ...batches, cut: batches.bytes === 0, set: recordSet };
}
