import {
  type API,
  createAPI,
  fetchV12,
  fetchV13,
  fetchV14,
  fetchV15,
  fetchV16,
  fetchV17,
  type Reader,
} from '@platformatic/kafka';
import type { AbortedTransaction } from './batches/record-batches.ts';

export type FetchArgs = fetchV17.FetchRequest;

export type RawFetchPartition = {
  partitionIndex: number;
  errorCode: number;
  logStartOffset: bigint;
  abortedTransactions: AbortedTransaction[] | null;
  /** The record set as bytes, read by `readRecordBatches`. */
  records: Buffer | null;
};
export type RawFetchResponse = {
  /** The whole answer's error: a fetch session's (KIP-227) or a request-wide one; partitions carry their own. */
  errorCode: number;
  /** The fetch session the broker keeps for the next request, 0 for none. */
  sessionId: number;
  responses: { topicId: string; partitions: RawFetchPartition[] }[];
};

const FETCH = 1;
const OLDEST = 12;
const requests = {
  12: fetchV12.createRequest,
  13: fetchV13.createRequest,
  14: fetchV14.createRequest,
  15: fetchV15.createRequest,
  16: fetchV16.createRequest,
  17: fetchV17.createRequest,
} as const;
const apis = new Map<number, API<FetchArgs, RawFetchResponse>>();

/**
 * The Fetch API at `version` (12 to 17, the flexible versions every broker since Kafka 2.7 answers), with
 * the library's request writer and our own answer reader: the record sets stay bytes, for
 * `readRecordBatches`, instead of one object per record with BigInt fields (the search rate's bound).
 * Errors are returned in their codes, never thrown: the caller reads them.
 */
export function rawFetchApi(version: number): API<FetchArgs, RawFetchResponse> {
  const known = Math.min(version, 17) as keyof typeof requests;
  if (known < OLDEST)
    throw new Error(`the broker answers Fetch up to v${version}; v${OLDEST} or newer is needed`);
  let api = apis.get(known);
  if (!api) {
    api = createAPI<FetchArgs, RawFetchResponse>(FETCH, known, requests[known], parseResponse);
    apis.set(known, api);
  }
  return api;
}

/** Fetch response v12 to v17: v12 names topics, later versions give their ids. */
function parseResponse(
  _correlationId: number,
  _apiKey: number,
  version: number,
  reader: Reader,
): RawFetchResponse {
  reader.readInt32(); // throttle_time_ms
  const errorCode = reader.readInt16();
  const sessionId = reader.readInt32();
  const responses = reader.readArray((r) => ({
    topicId: version <= 12 ? r.readString() : r.readUUID(),
    partitions: r.readArray((p) => readPartition(p), true, false),
  }));
  skipTaggedFields(reader);
  return { errorCode, sessionId, responses };
}

function readPartition(r: Reader): RawFetchPartition {
  const partitionIndex = r.readInt32();
  const errorCode = r.readInt16();
  r.readInt64(); // high_watermark
  r.readInt64(); // last_stable_offset
  const logStartOffset = r.readInt64();
  const abortedTransactions = r.readNullableArray((a) => ({
    producerId: a.readInt64(),
    firstOffset: a.readInt64(),
  }));
  r.readInt32(); // preferred_read_replica
  // COMPACT_RECORDS: length + 1, 0 for null.
  const size = r.readUnsignedVarInt() - 1;
  const records = size > 0 ? r.buffer.slice(r.position, r.position + size) : null;
  if (size > 0) r.skip(size);
  skipTaggedFields(r);
  return { partitionIndex, errorCode, logStartOffset, abortedTransactions, records };
}

function skipTaggedFields(r: Reader): void {
  const count = r.readUnsignedVarInt();
  for (let i = 0; i < count; i++) {
    r.readUnsignedVarInt(); // tag
    r.skip(r.readUnsignedVarInt());
  }
}
