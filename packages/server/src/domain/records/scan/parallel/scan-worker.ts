/**
 * A scan worker thread (pool.ts): reads the record sets of a reader event (decompressing their batches;
 * the main thread only counted them), tests the records against a scan's search terms and expression as
 * scan.ts does, and answers which ones may match. Built as its own entry of the bundle
 * (packages/server/build.ts: dist/scan-worker.js).
 */
import { parentPort } from 'node:worker_threads';
import { freeMemory } from '../../../../kafka/fetch/answer-memory.ts';
import { payloadBytes, readRecordBatches } from '../../../../kafka/fetch/batches/record-batches.ts';
import type { RawRecord, RecordScreen } from '../../../../kafka/fetch/types.ts';
import { MaskedRecord } from '../../../masking/masked-record.ts';
import { type DecodeContext, schemaIdIn } from '../../decode/decode.ts';
import { DecodedRecord } from '../../decode/decoded-record.ts';
import type { RecordFilter } from '../../expression/record-filter.ts';
import { parseFilters, passes, recordScreen, type SearchFilters } from '../filters.ts';
import {
  type ChunkVerdict,
  memoryOf,
  needsRecords,
  type ScanSpec,
  type ScreenResult,
  type ScreenTask,
  type TaskSet,
  type WorkerReady,
} from './protocol.ts';

type Compiled = {
  spec: ScanSpec;
  context: DecodeContext;
  filters: SearchFilters;
  expression: RecordFilter | undefined;
  /**
   * What rules a record out as the set is read (as the main thread's reads without workers do); it
   * leaves parts that may be framed with a registry schema id to `verdict`, which sends them back. What
   * it keeps, rawRejector would keep too (the same byte screens), so none is made here.
   */
  screen: RecordScreen | undefined;
};

/** Specs compiled lately: a scan sends the same one with every task. */
const compiled = new Map<string, Compiled>();
const KEEP_SPECS = 16;

async function compile(key: string, spec: ScanSpec): Promise<Compiled> {
  const known = compiled.get(key);
  if (known) return known;
  // The CEL library loads only in workers that meet an expression, as on the main thread.
  const expression = spec.expression
    ? (await import('../../expression/record-filter.ts')).compileFilter(spec.expression, 'filter')
    : undefined;
  // No registry here: records it would decode are left to the main thread (`framed`).
  const context: DecodeContext = { topic: spec.topic, schemas: undefined, detectSchemas: spec.detectSchemas };
  const filters = parseFilters(spec.filters);
  // Only unmasked scans without codecs come here (screen.ts).
  const entry: Compiled = {
    spec,
    context,
    filters,
    expression,
    screen: recordScreen(filters, context, false, spec.registry && spec.detectSchemas),
  };
  compiled.set(key, entry);
  if (compiled.size > KEEP_SPECS) compiled.delete(compiled.keys().next().value as string);
  return entry;
}

function framed(raw: RawRecord): boolean {
  return schemaIdIn(raw, 'key') !== undefined || schemaIdIn(raw, 'value') !== undefined;
}

function verdict(scan: Compiled, set: TaskSet, stop: Int32Array): ChunkVerdict | undefined {
  const { spec, context, filters, expression } = scan;
  const bytes = Buffer.from(set.bytes, set.offset, set.length);
  const read = readRecordBatches(bytes, set.partition, set.start, set.aborted, { screen: scan.screen });
  const passed: number[] = [];
  const failed: number[] = [];
  let message: string | undefined;
  for (let i = 0; i < read.records.length; i++) {
    if ((i & 255) === 0 && Atomics.load(stop, 0) !== 0) return undefined;
    const raw = read.records[i] as RawRecord;
    // Past the chunk's end (a span or a budget ends inside the set): not the scan's.
    if (raw.offset >= set.end) break;
    if (spec.registry && spec.detectSchemas && framed(raw)) return { all: true };
    const view = new MaskedRecord(new DecodedRecord(raw, context), undefined);
    if (!passes(view, filters, spec.endTimestamp)) continue;
    if (expression) {
      const failures = expression.failures;
      expression.firstFailure = undefined;
      if (!expression.test(view, spec.topic)) {
        if (expression.failures > failures) {
          failed.push(raw.offset);
          message ??= expression.firstFailure;
        }
        continue;
      }
    }
    passed.push(raw.offset);
  }
  return {
    all: false,
    passed: Float64Array.from(passed),
    failed: Float64Array.from(failed),
    message,
    payloadBytes: payloadOf(read, set.end),
  };
}

/** The keys' and values' bytes of the records read before `end`. */
function payloadOf(read: ReturnType<typeof readRecordBatches>, end: number): number {
  let bytes = 0;
  const all = read.screened;
  if (all) {
    for (let i = 0; i < all.offsets.length && (all.offsets[i] as number) < end; i++)
      bytes += all.payloads[i] as number;
    return bytes;
  }
  for (const raw of read.records) {
    if (raw.offset >= end) break;
    bytes += payloadBytes(raw);
  }
  return bytes;
}

async function run(task: ScreenTask): Promise<ScreenResult> {
  const sets = task.sets.map((s) => s.bytes);
  if (Atomics.load(task.stop, 0) !== 0) return { id: task.id, cancelled: true, sets };
  const scan = await compile(task.specKey, task.spec);
  const verdicts: ChunkVerdict[] = [];
  for (const set of task.sets) {
    const v = verdict(scan, set, task.stop);
    if (!v) return { id: task.id, cancelled: true, sets };
    verdicts.push(v);
  }
  if (needsRecords(verdicts)) return { id: task.id, verdicts, sets };
  // Most events of a search hold no match: their memory is not moved back but freed here at once.
  for (const memory of new Set(sets)) freeMemory(memory);
  return { id: task.id, verdicts };
}

parentPort?.on('message', (task: ScreenTask) => {
  run(task).then(
    (result) => {
      // The sets' memory goes back to the main thread, which reads the records that may match from it.
      const transfer = [
        ...('verdicts' in result ? result.verdicts.flatMap(buffersOf) : []),
        ...memoryOf((result.sets ?? []).map((bytes) => ({ bytes }))),
      ];
      parentPort?.postMessage(result, transfer);
    },
    (error: unknown) => {
      const sets = task.sets.map((s) => s.bytes);
      parentPort?.postMessage({ id: task.id, error: String(error), sets }, memoryOf(task.sets));
    },
  );
});

function buffersOf(v: ChunkVerdict): ArrayBuffer[] {
  return v.all ? [] : [v.passed.buffer as ArrayBuffer, v.failed.buffer as ArrayBuffer];
}

// Last of the module: everything it imports is loaded (platform/node-flags.ts workerStarting).
parentPort?.postMessage({ ready: true } satisfies WorkerReady);
