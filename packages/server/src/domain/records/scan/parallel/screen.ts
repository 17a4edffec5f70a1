import { isMarkedAsUntransferable } from 'node:worker_threads';
import type { SearchField } from '@console/contract';
import { payloadBytes, readRecordBatches } from '../../../../kafka/fetch/batches/record-batches.ts';
import type { Chunk, RawRecord, RecordSet } from '../../../../kafka/fetch/types.ts';
import type { RecordMask } from '../../../masking/policy.ts';
import type { DecodeContext } from '../../decode/decode.ts';
import type { RecordFilter } from '../../expression/record-filter.ts';
import type { SearchFilters } from '../filters.ts';
import { scanPool } from './pool.ts';
import { type ChunkVerdict, needsRecords, type ScanSpec, type TaskSet } from './protocol.ts';

/** Events with fewer records are tested inline: handing them over would cost more than it saves. */
const MIN_TASK_RECORDS = 128;

/** Events handed over and not yet taken back, per worker: the memory a scan holds stays bounded. */
const IN_FLIGHT_PER_WORKER = 2;

/** What of a scan (scan.ts `ScanSource`) decides how its records are tested. */
type ScreenSource = {
  signal: AbortSignal;
  decode: DecodeContext;
  mask: RecordMask | undefined;
  filters: SearchFilters;
  expression?: RecordFilter | undefined;
  endTimestamp?: number | undefined;
  workers?: number | undefined;
};

/** Per chunk of an event: its verdict, or undefined when the main thread tests all its records. */
export type Verdicts = (ChunkVerdict | undefined)[];

/**
 * A scan's link to the worker threads (docs/architecture.md#the-record-pipeline). The reader only counts
 * the records of a scan with workers (kafka/fetch/batches/counted-records.ts: the budget, the span's end and the
 * cursor need no more); each reader event's record sets go to a worker, which reads the records and tests
 * them against the search terms and the expression. The scan then reads and tests again only the records
 * a worker kept (and every record of a chunk no worker could decide), in order, on the main thread,
 * exactly as before: the matches, the cursor and the failure counts are those of a scan without workers.
 * Only scans whose viewer sees the topic unmasked and whose topic has no configured format are handed
 * over (both are functions of the main thread).
 */
export class ScanScreen {
  /** How many events a scan may have handed over before it waits for the oldest. */
  readonly depth: number;
  readonly #source: ScreenSource;
  readonly #spec: ScanSpec;
  readonly #specKey: string;
  readonly #stop = new Int32Array(new SharedArrayBuffer(4));
  readonly #size: number;

  constructor(source: ScreenSource, workers: number) {
    this.#source = source;
    this.#size = workers;
    this.depth = workers * IN_FLIGHT_PER_WORKER;
    const filters: Partial<Record<SearchField, string>> = {};
    for (const [field, filter] of Object.entries(source.filters))
      if (filter) filters[field as SearchField] = filter.text;
    this.#spec = {
      topic: source.decode.topic,
      detectSchemas: source.decode.detectSchemas,
      registry: source.decode.schemas !== undefined,
      filters,
      expression: source.expression?.text,
      endTimestamp: source.endTimestamp,
    };
    this.#specKey = JSON.stringify(this.#spec);
    source.signal.addEventListener('abort', () => Atomics.store(this.#stop, 0, 1), { once: true });
  }

  /**
   * The verdicts of an event's chunks, or undefined when the event is tested inline. The connection reads
   * each fetch answer into memory of its own (docs/dependency-patches.md) and a set is a view of it: that
   * memory is moved to the worker as it is (the sets of one answer, all in this event, share it), and the
   * main thread reads the records a worker kept from it once it is back. A set in memory that cannot move
   * (Node's pool of small buffers) is copied. An event of fewer than MIN_TASK_RECORDS is tested inline.
   */
  async submit(chunks: readonly Chunk[]): Promise<Verdicts | undefined> {
    let count = 0;
    for (const c of chunks) count += c.count;
    if (count < MIN_TASK_RECORDS || this.#source.signal.aborted) return undefined;
    const sets: TaskSet[] = [];
    // Per chunk, its set's place in the task; a chunk without one (its partition answered nothing) has none.
    const places: (number | undefined)[] = [];
    const moved = new Map<number, RecordSet>();
    for (const { partition, set, next: end } of chunks) {
      places.push(set ? sets.length : undefined);
      if (!set) continue;
      const { start, aborted } = set;
      const { buffer, byteOffset, length } = set.bytes;
      if (buffer instanceof ArrayBuffer && !isMarkedAsUntransferable(buffer)) {
        moved.set(sets.length, set);
        sets.push({ partition, bytes: buffer, offset: byteOffset, length, start, end, aborted });
        continue;
      }
      const bytes = Buffer.allocUnsafeSlow(length);
      set.bytes.copy(bytes);
      sets.push({ partition, bytes: bytes.buffer as ArrayBuffer, offset: 0, length, start, end, aborted });
    }
    const result = await scanPool(this.#size).run({
      spec: this.#spec,
      specKey: this.#specKey,
      stop: this.#stop,
      sets,
    });
    const back = result.sets;
    const needed = !('verdicts' in result) || needsRecords(result.verdicts);
    if (moved.size > 0 && needed && back?.length !== sets.length) {
      // The worker itself failed holding the records' bytes: they cannot be tested, and the scan says so.
      throw new Error(`a scan worker failed: ${'error' in result ? result.error : 'the records were lost'}`);
    }
    // Not moved back when no record of them is read again: those sets stay empty.
    if (back)
      for (const [i, set] of moved) {
        const { offset, length } = sets[i] as TaskSet;
        set.bytes = Buffer.from(back[i] as ArrayBuffer, offset, length);
      }
    // A worker that stopped or met an error it caught: the main thread tests these records itself.
    if (!('verdicts' in result)) return undefined;
    const { verdicts } = result;
    return places.map((place) => (place === undefined ? undefined : verdicts[place]));
  }
}

/**
 * The screen of a scan, or undefined when it runs inline: no workers configured, a page, masks, formats,
 * or nothing to test (a download or copy of every record: a worker would rule none out, and the main
 * thread would read them all again).
 */
export function screenFor(source: ScreenSource, page: boolean): ScanScreen | undefined {
  const workers = source.workers ?? 0;
  if (workers < 1 || page || source.mask || source.decode.codecs?.key || source.decode.codecs?.value)
    return undefined;
  const tests =
    source.expression !== undefined ||
    source.endTimestamp !== undefined ||
    Object.values(source.filters).some(Boolean);
  return tests ? new ScanScreen(source, workers) : undefined;
}

/**
 * The records of a chunk the main thread tests, and the bytes of its records' keys and values: those a
 * worker kept, read again from the batches of the set that hold them (none read when it kept none), or,
 * with no verdict, every record (read from the set when the reader only counted them, `Chunk.unread`).
 */
export function toTest(
  chunk: Chunk,
  verdict: ChunkVerdict | undefined,
): { records: RawRecord[]; payloadBytes: number } {
  if (!chunk.unread) return { records: chunk.records, payloadBytes: chunk.payloadBytes };
  if (verdict && !verdict.all) {
    const { passed } = verdict;
    if (passed.length === 0) return { records: [], payloadBytes: verdict.payloadBytes };
    // Only the batches holding a kept record are read again: batches come in offset order, as `passed`.
    let held = 0;
    const holding = (base: number, last: number): boolean => {
      while (held < passed.length && (passed[held] as number) < base) held++;
      return held < passed.length && (passed[held] as number) <= last;
    };
    const records: RawRecord[] = [];
    let next = 0;
    for (const raw of readSet(chunk, holding)) {
      if (raw.offset === passed[next]) {
        records.push(raw);
        if (++next === passed.length) break;
      }
    }
    return { records, payloadBytes: verdict.payloadBytes };
  }
  const records = readSet(chunk);
  let bytes = 0;
  for (const raw of records) bytes += payloadBytes(raw);
  return { records, payloadBytes: bytes };
}

/**
 * The records of an unread chunk, read from its set (those past the chunk's end left out); with
 * `holding`, of the batches it asks for only (record-batches.ts).
 */
function readSet(
  { partition, set, next }: Chunk,
  holding?: (base: number, last: number) => boolean,
): RawRecord[] {
  if (!set) return [];
  const { records } = readRecordBatches(set.bytes, partition, set.start, set.aborted, {
    holder: set,
    holding,
  });
  const end = records.findIndex((r) => r.offset >= next);
  return end < 0 ? records : records.slice(0, end);
}

/**
 * Counts the expression's failures a worker met in a chunk, up to offset `through` (a scan that stops in
 * the middle of a chunk never tested what follows), as the scan would have counted them itself.
 */
export function countFailures(
  expression: RecordFilter | undefined,
  verdict: ChunkVerdict | undefined,
  through: number,
): void {
  if (!expression || !verdict || verdict.all || verdict.failed.length === 0) return;
  let failures = 0;
  for (const offset of verdict.failed) {
    if (offset > through) break;
    failures++;
  }
  if (failures === 0) return;
  expression.failures += failures;
  expression.firstFailure ??= verdict.message;
}
