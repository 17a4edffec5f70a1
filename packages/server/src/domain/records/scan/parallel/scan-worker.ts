/**
 * A scan worker thread (pool.ts): reads the record sets of a reader event (decompressing their batches),
 * tests the records against a scan's search terms and expression as scan.ts does, and answers which
 * ones may match. Built as its own entry of the bundle
 * (packages/server/build.ts: dist/scan-worker.js).
 */
import { parentPort } from 'node:worker_threads';
import { readRecordBatches } from '../../../../kafka/fetch/record-batches.ts';
import type { RawRecord } from '../../../../kafka/fetch/types.ts';
import { MaskedRecord } from '../../../masking/masked-record.ts';
import type { DecodeContext } from '../../decode/decode.ts';
import { DecodedRecord } from '../../decode/decoded-record.ts';
import { schemaIdOf } from '../../decode/wire.ts';
import type { RecordFilter } from '../../expression/record-filter.ts';
import { parseFilters, passes, rawRejector, type SearchFilters } from '../filters.ts';
import {
  type ChunkVerdict,
  memoryOf,
  type ScanSpec,
  type ScreenResult,
  type ScreenTask,
} from './protocol.ts';

type Compiled = {
  spec: ScanSpec;
  context: DecodeContext;
  filters: SearchFilters;
  expression: RecordFilter | undefined;
  /** What rules a record out from its bytes, before its views are made (as on the main thread). */
  rejects: ((raw: RawRecord) => boolean) | undefined;
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
    rejects: rawRejector(filters, context, false),
  };
  compiled.set(key, entry);
  if (compiled.size > KEEP_SPECS) compiled.delete(compiled.keys().next().value as string);
  return entry;
}

function framed(raw: RawRecord): boolean {
  return schemaIdOf(raw.key) !== undefined || schemaIdOf(raw.value) !== undefined;
}

function verdict(scan: Compiled, records: RawRecord[], stop: Int32Array): ChunkVerdict | undefined {
  const { spec, context, filters, expression, rejects } = scan;
  const passed: number[] = [];
  const failed: number[] = [];
  let message: string | undefined;
  for (let i = 0; i < records.length; i++) {
    if ((i & 255) === 0 && Atomics.load(stop, 0) !== 0) return undefined;
    const raw = records[i] as RawRecord;
    if (spec.registry && spec.detectSchemas && framed(raw)) return { all: true };
    if (rejects?.(raw)) continue;
    const view = new MaskedRecord(new DecodedRecord(raw, context), undefined);
    if (!passes(view, filters, spec.endTimestamp)) continue;
    if (expression) {
      const failures = expression.failures;
      expression.firstFailure = undefined;
      if (!expression.test(view, spec.topic)) {
        if (expression.failures > failures) {
          failed.push(i);
          message ??= expression.firstFailure;
        }
        continue;
      }
    }
    passed.push(i);
  }
  return { all: false, passed: Int32Array.from(passed), failed: Int32Array.from(failed), message };
}

async function run(task: ScreenTask): Promise<ScreenResult> {
  const sets = task.sets.map((s) => s.bytes);
  if (Atomics.load(task.stop, 0) !== 0) return { id: task.id, cancelled: true, sets };
  const scan = await compile(task.specKey, task.spec);
  const verdicts: ChunkVerdict[] = [];
  for (const set of task.sets) {
    const bytes = Buffer.from(set.bytes, set.offset, set.length);
    const { records } = readRecordBatches(bytes, set.partition, set.start, set.aborted);
    const v = verdict(scan, records, task.stop);
    if (!v) return { id: task.id, cancelled: true, sets };
    verdicts.push(v);
  }
  return { id: task.id, verdicts, sets };
}

parentPort?.on('message', (task: ScreenTask) => {
  run(task).then(
    (result) => {
      // The sets' memory goes back to the main thread, whose records read it (screen.ts).
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
