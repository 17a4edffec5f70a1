import { type AbortedTransaction, readRecordBatches, walkBatches } from './record-batches.ts';

/** One kept batch of a counted set: its records' offsets from `first`, `count` of them, `before` ahead. */
type CountedBatch = {
  first: number;
  count: number;
  before: number;
  /** Where the batch lies in the set. */
  at: number;
  size: number;
  /** Compaction removed some of its records: their offsets are read (`offsets`), once, when first asked. */
  gaps: boolean;
  offsets: number[] | undefined;
};

/**
 * The records of a Fetch answer's record set, counted from their batches' headers and none of them read:
 * a scan whose worker threads read the records (domain/records/scan/parallel/) still needs how many there
 * are and their offsets, for the budget, the span's end and the cursor (reader.ts settle). A batch's
 * records are exactly the offsets from its first to its last when its record count says so; a batch
 * with gaps (compaction removed records) is read for its offsets, once, when one is asked.
 */
export class CountedRecords {
  readonly total: number;
  readonly #set: Buffer;
  readonly #partition: number;
  readonly #start: number;
  readonly #batches: CountedBatch[];

  constructor(set: Buffer, partition: number, start: number, batches: CountedBatch[]) {
    this.#set = set;
    this.#partition = partition;
    this.#start = start;
    this.#batches = batches;
    const last = batches.at(-1);
    this.total = last ? last.before + last.count : 0;
  }

  /** The offset of the record at `index` (0 to total - 1), in offset order. */
  offsetAt(index: number): number {
    const batches = this.#batches;
    let lo = 0;
    let hi = batches.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((batches[mid] as CountedBatch).before <= index) lo = mid;
      else hi = mid - 1;
    }
    const batch = batches[lo] as CountedBatch;
    const within = index - batch.before;
    if (!batch.gaps) return batch.first + within;
    batch.offsets ??= this.#read(batch);
    return batch.offsets[within] as number;
  }

  #read(batch: CountedBatch): number[] {
    return offsetsIn(this.#set.subarray(batch.at, batch.at + batch.size), this.#partition, this.#start);
  }
}

/** The offsets of a kept batch's records at or past `start`, read from it. */
const offsetsIn = (batch: Buffer, partition: number, start: number): number[] =>
  readRecordBatches(batch, partition, start, []).records.map((r) => r.offset);

/**
 * Counts the records of a record set as readRecordBatches would read them (the same read_committed rule,
 * the records before `start` left out), reading only the batches with gaps that straddle `start`.
 */
export function countRecordBatches(
  set: Buffer,
  partition: number,
  start: number,
  aborted: readonly AbortedTransaction[],
): { counted: CountedRecords; next: number; bytes: number } {
  const batches: CountedBatch[] = [];
  let before = 0;
  const { next, bytes } = walkBatches(set, start, aborted, (batch, base, last, count, _attributes, at) => {
    const gaps = last - base + 1 !== count;
    const entry: CountedBatch = {
      first: base,
      count,
      before,
      at,
      size: batch.length,
      gaps,
      offsets: undefined,
    };
    if (!gaps) {
      // No gaps: the records are the offsets from the first at or past the start to the last.
      entry.first = Math.max(base, start);
      entry.count = Math.max(0, last - entry.first + 1);
    } else if (base < start) {
      entry.offsets = offsetsIn(batch, partition, start);
      entry.count = entry.offsets.length;
      entry.first = entry.offsets[0] ?? start;
    }
    if (entry.count === 0) return;
    batches.push(entry);
    before += entry.count;
  });
  return { counted: new CountedRecords(set, partition, start, batches), next, bytes };
}
