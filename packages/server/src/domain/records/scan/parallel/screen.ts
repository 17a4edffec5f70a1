import { isMarkedAsUntransferable } from 'node:worker_threads';
import type { SearchField } from '@console/contract';
import type { Chunk, RawRecord, RecordSet } from '../../../../kafka/fetch/types.ts';
import type { RecordMask } from '../../../masking/policy.ts';
import type { DecodeContext } from '../../decode/decode.ts';
import type { RecordFilter } from '../../expression/record-filter.ts';
import type { SearchFilters } from '../filters.ts';
import { scanPool } from './pool.ts';
import type { ChunkVerdict, ScanSpec, TaskSet } from './protocol.ts';

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
 * A scan's link to the worker threads (docs/architecture.md#the-record-pipeline). Each reader event's
 * record sets are copied and read again in a worker, where the records are tested against the search
 * terms and the expression; the scan then tests only the records a worker kept (and every record of a chunk no worker
 * could decide), in order, on the main thread, exactly as before: the matches, the cursor and the
 * failure counts are those of a scan without workers. Only scans whose viewer sees the topic unmasked
 * and whose topic has no configured format are handed over (both are functions of the main thread).
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
   * records read it again once it is back. A set in memory that cannot move (Node's pool of small
   * buffers) is copied (about 0.2 µs a record, as much as testing the record here, 2026-11-29). Until the
   * answer comes, the moved sets' records have offsets and sizes but no bytes: nothing reads them meanwhile.
   */
  async submit(chunks: readonly Chunk[]): Promise<Verdicts | undefined> {
    let count = 0;
    for (const c of chunks) count += c.records.length;
    if (count < MIN_TASK_RECORDS || this.#source.signal.aborted) return undefined;
    if (chunks.some((c) => !c.set)) return undefined;
    const sets: TaskSet[] = [];
    const moved = new Map<number, RecordSet>();
    for (const { partition, set } of chunks as (Chunk & { set: RecordSet })[]) {
      const { start, aborted } = set;
      const { buffer, byteOffset, length } = set.bytes;
      if (buffer instanceof ArrayBuffer && !isMarkedAsUntransferable(buffer)) {
        moved.set(sets.length, set);
        sets.push({ partition, bytes: buffer, offset: byteOffset, length, start, aborted });
        continue;
      }
      const bytes = Buffer.allocUnsafeSlow(length);
      set.bytes.copy(bytes);
      sets.push({ partition, bytes: bytes.buffer as ArrayBuffer, offset: 0, length, start, aborted });
    }
    const result = await scanPool(this.#size).run({
      spec: this.#spec,
      specKey: this.#specKey,
      stop: this.#stop,
      sets,
    });
    const back = result.sets;
    if (moved.size > 0 && back?.length !== sets.length) {
      // The worker itself failed holding the records' bytes: they cannot be tested, and the scan says so.
      throw new Error(`a scan worker failed: ${'error' in result ? result.error : 'the records were lost'}`);
    }
    for (const [i, set] of moved) {
      const { offset, length } = sets[i] as TaskSet;
      set.bytes = Buffer.from(back?.[i] as ArrayBuffer, offset, length);
    }
    // A worker that stopped or met an error it caught: the main thread tests these records itself.
    return 'verdicts' in result ? result.verdicts : undefined;
  }
}

/** The screen of a scan, or undefined when it runs inline (no workers configured, a page, masks, formats). */
export function screenFor(source: ScreenSource, page: boolean): ScanScreen | undefined {
  const workers = source.workers ?? 0;
  if (workers < 1 || page || source.mask || source.decode.codecs?.key || source.decode.codecs?.value)
    return undefined;
  return new ScanScreen(source, workers);
}

/** The records of a chunk the main thread must test: those a worker kept, or all of them. */
export function candidates(records: RawRecord[], verdict: ChunkVerdict | undefined): RawRecord[] {
  if (!verdict || verdict.all) return records;
  // The worker read the whole set: records past the chunk's (the span's end, a budget) are not the scan's.
  const kept: RawRecord[] = [];
  for (const index of verdict.passed) {
    const record = records[index];
    if (record === undefined) break;
    kept.push(record);
  }
  return kept;
}

/**
 * Counts the expression's failures a worker met in a chunk, up to offset `through` (a scan that stops in
 * the middle of a chunk never tested what follows), as the scan would have counted them itself.
 */
export function countFailures(
  expression: RecordFilter | undefined,
  verdict: ChunkVerdict | undefined,
  records: RawRecord[],
  through: number,
): void {
  if (!expression || !verdict || verdict.all || verdict.failed.length === 0) return;
  let failures = 0;
  for (const index of verdict.failed) {
    const record = records[index];
    // Past the chunk's records (the worker read the whole set) or past where the scan stopped: not tested.
    if (record === undefined || record.offset > through) break;
    failures++;
  }
  if (failures === 0) return;
  expression.failures += failures;
  expression.firstFailure ??= verdict.message;
}
