import type { ScanStop } from '@console/contract';

/** A record as fetched: bytes undecoded, offsets and times as numbers (both stay below 2^53). */
export type RawRecord = {
  partition: number;
  offset: number;
  /** Epoch milliseconds. */
  timestamp: number;
  key: Buffer | null;
  value: Buffer | null;
  headers: readonly [Buffer | null, Buffer | null][];
};

/** Offsets `[from, to)` of one partition, read forward. */
export type Span = { partition: number; from: number; to: number };

/**
 * Records of one partition from one fetch, in offset order; every offset below `next` has been read.
 * `count` records were read, their keys and values `payloadBytes` together; `records` holds them all, or,
 * when the read had a screen (`ReadOptions.screen`), only those it did not rule out, or, `unread`, none
 * (`ReadOptions.countOnly`: counted, their payloadBytes 0).
 * `set`: the fetch answer's record set they were read from (`readRecordBatches(set.bytes, partition,
 * set.start, set.aborted)` reads them again, followed by those at or past `next`), for a scan that hands
 * it to a worker thread (domain/records/scan/parallel/).
 */
export type Chunk = {
  partition: number;
  records: RawRecord[];
  count: number;
  payloadBytes: number;
  next: number;
  set?: RecordSet;
  unread?: true;
};

/**
 * True when a record cannot be one a scan wants, told from its key's and value's bytes where they lie in
 * `bytes` (length -1: null). A read with a screen makes no record object for those it rules out, most
 * records of a search that matches little (domain/records/scan/filters.ts recordScreen).
 */
export type RecordScreen = (
  bytes: Buffer,
  keyAt: number,
  keyLength: number,
  valueAt: number,
  valueLength: number,
) => boolean;

/**
 * `bytes`: where the records of its uncompressed batches read their keys and values (batches/record-batches.ts
 * Holder): a scan that moves the set's memory to a worker thread puts here what the worker gives back.
 */
export type RecordSet = {
  bytes: Buffer;
  start: number;
  aborted: readonly { producerId: bigint; firstOffset: bigint }[];
};

export type Scanned = { records: number; bytes: number; ms: number };

/** What a budget stop or the end of the spans looks like; `positions` are the next offsets per partition. */
/** A partition a read gave up on (no leader answered for it), and why; the others were read. */
export type Unreadable = { partition: number; reason: string };

export type ReaderDone = {
  type: 'done';
  reason: Exclude<ScanStop, 'limit'>;
  positions: Map<number, number>;
  scanned: Scanned;
  /** Partitions left unread because no leader answered for them (docs/behaviour.md#a-broker-down). */
  unreadable: Unreadable[];
};

/**
 * The reader's typed event stream (docs/style.md#streams-of-typed-events): records, then progress, ending in
 * done or error.
 */
export type ReaderEvent =
  | { type: 'records'; chunks: Chunk[] }
  | { type: 'progress'; positions: Map<number, number>; scanned: Scanned }
  | ReaderDone
  | { type: 'error'; error: Error };
