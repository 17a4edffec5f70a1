import { isMarkedAsUntransferable } from 'node:worker_threads';
import { type CompressionAlgorithmValue, createRecordsBatch, type MessageRecord } from '@platformatic/kafka';
import { afterAll, describe, expect, it } from 'vitest';
import { countRecordBatches } from '../../../../kafka/fetch/batches/counted-records.ts';
import { payloadBytes, readRecordBatches } from '../../../../kafka/fetch/batches/record-batches.ts';
import type { Chunk, RawRecord } from '../../../../kafka/fetch/types.ts';
import { MaskedRecord } from '../../../masking/masked-record.ts';
import type { DecodeContext } from '../../decode/decode.ts';
import { DecodedRecord } from '../../decode/decoded-record.ts';
import { frame } from '../../decode/wire.ts';
import { compileFilter } from '../../expression/record-filter.ts';
import { parseFilters, passes } from '../filters.ts';
import { scanPool } from './pool.ts';
import { countFailures, ScanScreen, toTest } from './screen.ts';

const CODECS: CompressionAlgorithmValue[] = ['none', 'gzip', 'snappy', 'lz4', 'zstd'];

/** Values of every kind a search meets: JSON, text, not UTF-8, Unicode case folding, framed, absent. */
function value(i: number): Buffer | undefined {
  switch (i % 9) {
    case 0:
      return Buffer.from(JSON.stringify({ id: i, amount: (i * 37) % 10_000, note: 'x'.repeat(i % 300) }));
    case 1:
      return Buffer.from(`plain text ${i} Kafka`);
    case 2:
      return Buffer.from([0xff, 0xfe, i & 0xff, 0x6b, 0x61]);
    case 3:
      return Buffer.from(`\u212Afka ${i} \u017Fearch`);
    case 4:
      return frame(7, Buffer.from(JSON.stringify({ amount: i })));
    case 5:
      return undefined;
    case 6:
      return Buffer.from(JSON.stringify({ amount: `${i}`, customer: { name: `Ann ${i}` } }));
    default:
      return Buffer.from(JSON.stringify({ id: i, amount: i * 3, tags: ['kafka', 'search'] }));
  }
}

/** Mixed-codec batches as a broker answers them, counted into chunks of two partitions as a scan with workers reads them. */
function chunksOf(): Chunk[] {
  const chunks: Chunk[] = [];
  let offset = 0;
  for (const codec of CODECS) {
    for (const partition of [0, 1]) {
      const messages: MessageRecord[] = [];
      for (let i = 0; i < 150; i++) {
        const n = offset + i;
        const v = value(n);
        messages.push({
          topic: 't',
          key: n % 11 === 0 ? undefined : Buffer.from(`order-${n}`),
          // An absent value is written as null.
          value: v as Buffer,
          timestamp: 1_714_521_600_000n + BigInt(n),
          ...(n % 5 === 0 ? { headers: new Map([[Buffer.from('source'), Buffer.from(`app-${n}`)]]) } : {}),
        });
      }
      const set = createRecordsBatch(messages, { compression: codec }).buffer;
      set.writeBigInt64BE(BigInt(offset), 0);
      // As fetch.ts counts an answer's records for a scan with workers (the set moves to a worker and
      // back: it is memory of its own, as the library's batch here is).
      const { counted, next } = countRecordBatches(set, partition, offset, []);
      // The last records past the chunk's end, as when a span ends inside a batch: the worker reads them too.
      const count = codec === 'lz4' ? counted.total - 3 : counted.total;
      chunks.push({
        partition,
        records: [],
        count,
        payloadBytes: 0,
        next: count < counted.total ? counted.offsetAt(count) : next,
        set: { bytes: set, start: offset, aborted: [] },
        unread: true,
      });
      offset += messages.length;
    }
  }
  return chunks;
}

/** A chunk's records read on the main thread, as a scan without workers reads them. */
function readInline(chunk: Chunk): RawRecord[] {
  const set = chunk.set as NonNullable<Chunk['set']>;
  return readRecordBatches(set.bytes, chunk.partition, set.start, []).records.filter(
    (r) => r.offset < chunk.next,
  );
}

type Outcome = {
  matched: number[];
  failures: number;
  firstFailure: string | undefined;
  payloadBytes: number;
};

function source(query: Record<string, string>, filter: string | undefined, registry: boolean) {
  const decode: DecodeContext = {
    topic: 't',
    // A registry that knows no schema: framed records decode with a "not loaded" error on the main thread.
    schemas: registry
      ? ({ get: () => undefined, load: async () => undefined } as unknown as DecodeContext['schemas'])
      : undefined,
    detectSchemas: true,
  };
  return {
    signal: new AbortController().signal,
    decode,
    mask: undefined,
    filters: parseFilters(query),
    expression: filter ? compileFilter(filter, 'filter') : undefined,
    endTimestamp: undefined,
    workers: 1,
  };
}

/** What scan.ts does with a chunk's records, on `tested` of them. */
function test(s: ReturnType<typeof source>, records: RawRecord[], into: number[]) {
  for (const raw of records) {
    const view = new MaskedRecord(new DecodedRecord(raw, s.decode), undefined);
    if (passes(view, s.filters, undefined) && (!s.expression || s.expression.test(view, 't')))
      into.push(raw.offset);
  }
}

function inline(chunks: Chunk[], query: Record<string, string>, filter?: string, registry = false): Outcome {
  const s = source(query, filter, registry);
  const matched: number[] = [];
  let bytes = 0;
  for (const chunk of chunks) {
    const records = readInline(chunk);
    test(s, records, matched);
    for (const raw of records) bytes += payloadBytes(raw);
  }
  return {
    matched,
    failures: s.expression?.failures ?? 0,
    firstFailure: s.expression?.firstFailure,
    payloadBytes: bytes,
  };
}

async function parallel(
  chunks: Chunk[],
  query: Record<string, string>,
  filter?: string,
  registry = false,
): Promise<Outcome & { screened: number }> {
  const s = source(query, filter, registry);
  const screen = new ScanScreen(s, 1);
  const matched: number[] = [];
  let screened = 0;
  let bytes = 0;
  // Two events, as a reader would hand them over.
  for (const event of [chunks.slice(0, 5), chunks.slice(5)]) {
    const verdicts = await screen.submit(event);
    for (const [i, chunk] of event.entries()) {
      const verdict = verdicts?.[i];
      if (verdict && !verdict.all) screened++;
      const { records, payloadBytes } = toTest(chunk, verdict);
      test(s, records, matched);
      bytes += payloadBytes;
      countFailures(s.expression, verdict, Number.POSITIVE_INFINITY);
    }
  }
  return {
    matched,
    failures: s.expression?.failures ?? 0,
    firstFailure: s.expression?.firstFailure,
    payloadBytes: bytes,
    screened,
  };
}

afterAll(() => scanPool(1).close());

// A worker's start (it loads the filters and the batch reader) takes seconds on a busy machine.
describe('a scan tested in worker threads', { timeout: 30_000 }, () => {
  const chunks = chunksOf();
  it.each([
    [{ searchByValue: 'kafka_C' }, undefined],
    [{ searchByValue: 'kafka_N' }, undefined],
    [{ searchByValue: 'SEARCH "plain text"_C' }, undefined],
    [{ searchByKey: 'order-1_C', searchByHeaderValue: 'app_C' }, undefined],
    [{ searchByValue: 'null_C' }, undefined],
    [{}, 'value.amount > 5000'],
    [{}, 'value.amount + 1.0 > 5001.0'],
    [{ searchByValue: 'amount_C' }, 'value.customer.name.startsWith("Ann 1")'],
    [{}, 'size > 40u && headers["source"].endsWith("5")'],
  ])(
    'matches what the main thread matches, failures counted alike, over mixed codecs: %j %s',
    async (query, filter) => {
      const expected = inline(chunks, query, filter);
      const got = await parallel(chunks, query, filter);
      expect(got.screened).toBe(chunks.length);
      expect(got.matched).toEqual(expected.matched);
      expect(got.failures).toBe(expected.failures);
      expect(got.firstFailure).toBe(expected.firstFailure);
      expect(got.payloadBytes).toBe(expected.payloadBytes);
    },
  );

  it('leaves chunks holding registry-framed records to the main thread, with the same answer', async () => {
    const query = { searchByValue: 'amount_C' };
    const expected = inline(chunks, query, 'value.amount > 10', true);
    const got = await parallel(chunks, query, 'value.amount > 10', true);
    expect(got.screened).toBe(0);
    expect(got.matched).toEqual(expected.matched);
    expect(got.failures).toBe(expected.failures);
    expect(got.payloadBytes).toBe(expected.payloadBytes);
  });

  it('stops at once when the scan is stopped', async () => {
    const controller = new AbortController();
    const s = { ...source({ searchByValue: 'kafka_C' }, undefined, false), signal: controller.signal };
    const screen = new ScanScreen(s, 1);
    controller.abort();
    expect(await screen.submit(chunks)).toBeUndefined();
  });

  it('takes back only the sets whose records the main thread reads again', async () => {
    const none = chunksOf();
    const movable = none.filter((c) => c.set && !isMarkedAsUntransferable(c.set.bytes.buffer));
    expect(movable.length).toBeGreaterThan(0);
    const verdicts = await new ScanScreen(
      source({ searchByValue: 'no-such-needle_C' }, undefined, false),
      1,
    ).submit(none);
    expect(verdicts?.every((v) => v && !v.all && v.passed.length === 0)).toBe(true);
    // No record may match: the worker let the memory go, and nothing is read again.
    expect(movable.every((c) => c.set?.bytes.length === 0)).toBe(true);
    expect(none.map((c, i) => toTest(c, verdicts?.[i]).records.length)).toEqual(none.map(() => 0));
    const some = chunksOf();
    await new ScanScreen(source({ searchByValue: 'kafka_C' }, undefined, false), 1).submit(some);
    expect(some.every((c) => (c.set?.bytes.length ?? 0) > 0)).toBe(true);
  });

  it('moves the sets to the worker and back, and fails the scan when the worker ends holding them', async () => {
    const s = source({ searchByValue: 'kafka_C' }, undefined, false);
    const event = chunksOf();
    const answer = new ScanScreen(s, 1).submit(event);
    // Moved: the main thread holds none of their bytes until the worker answers.
    expect(event.filter((c) => c.set?.bytes.length === 0).length).toBeGreaterThan(0);
    const failed = expect(answer).rejects.toThrow(/a scan worker failed: the scan workers were closed/);
    await scanPool(1).close();
    await failed;
  });
});
