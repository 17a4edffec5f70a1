import type { SearchField } from '@console/contract';

/**
 * What a worker needs to test records as the scan does on the main thread, all of it plain data: the
 * search terms and the expression as the request wrote them (compiled again in the worker, once per
 * spec), and how values decode. Only scans whose viewer sees the topic unmasked and whose topic has no
 * configured format come here (screen.ts).
 */
export type ScanSpec = {
  topic: string;
  detectSchemas: boolean;
  /** A registry is configured: records framed with a schema id are then left to the main thread. */
  registry: boolean;
  filters: Partial<Record<SearchField, string>>;
  expression: string | undefined;
  endTimestamp: number | undefined;
};

export type ScreenTask = {
  id: number;
  spec: ScanSpec;
  /** The spec's cache key in the worker. */
  specKey: string;
  /** Set to 1 by the main thread when the scan stops: the worker drops what it has not done yet. */
  stop: Int32Array;
  /**
   * Per chunk that has one, the record set holding its records, its memory moved to the worker
   * (transferred): the fetch answer the set is part of (the sets of one answer share it), else a copy.
   * The answer moves them back when the main thread reads records of them (ScreenResult).
   */
  sets: TaskSet[];
};

/**
 * A record set: `length` bytes from `offset` of `bytes`; the chunk's records are those from `start` and
 * before `end` (a set may hold more: a span or a budget ends inside it).
 */
export type TaskSet = {
  partition: number;
  bytes: ArrayBuffer;
  offset: number;
  length: number;
  start: number;
  end: number;
  aborted: readonly { producerId: bigint; firstOffset: bigint }[];
};

/** Each memory of the sets once: a transfer list names each at most once. */
export const memoryOf = (sets: readonly { bytes: ArrayBuffer }[]): ArrayBuffer[] => [
  ...new Set(sets.map((s) => s.bytes)),
];

/**
 * One chunk's verdict, by record offsets. `all`: not decided here (a record framed with a registry schema
 * id), the main thread reads and tests every record itself. Otherwise `passed` are the offsets of the
 * records the filters and the expression took (the main thread reads those and tests them again, and so
 * builds exactly the answer it always built); every other record certainly does not match. `failed`:
 * offsets of records the expression failed on, `message` the first one's failure, so the main thread
 * counts them as it would have. `payloadBytes`: the chunk's records' keys and values together.
 */
export type ChunkVerdict =
  | { all: true }
  | {
      all: false;
      passed: Float64Array;
      failed: Float64Array;
      message: string | undefined;
      payloadBytes: number;
    };

/**
 * `sets`: the task's set memory, moved back, in the task's order (one entry per set, as the task named
 * it), when the main thread reads records from it: always but for verdicts that keep no record
 * (`needsRecords`), whose memory the worker lets go; lost only when the worker itself failed (an error
 * without them).
 */
/** A worker's first message, once it has loaded its modules (pool.ts, platform/node-flags.ts workerReady). */
export type WorkerReady = { ready: true };

export type ScreenResult =
  | { id: number; verdicts: ChunkVerdict[]; sets?: ArrayBuffer[] }
  | { id: number; cancelled: true; sets: ArrayBuffer[] }
  | { id: number; error: string; sets?: ArrayBuffer[] };

/** Whether the main thread reads records of the task's sets once it has the verdicts. */
export const needsRecords = (verdicts: readonly ChunkVerdict[]): boolean =>
  verdicts.some((v) => v.all || v.passed.length > 0);
