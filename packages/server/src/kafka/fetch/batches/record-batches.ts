// The default import: the bundle loads node:zlib on first use only (build/dependencies.ts ON_FIRST_USE).
import zlib from 'node:zlib';
import { compressionsAlgorithmsByBitmask } from '@platformatic/kafka';
import type { RawRecord, RecordScreen } from '../types.ts';

// Record batch v2 (KIP-98): the fixed part before the records.
const LENGTH_AT = 8;
const MAGIC_AT = 16;
const ATTRIBUTES_AT = 21;
const LAST_OFFSET_DELTA_AT = 23;
const FIRST_TIMESTAMP_AT = 27;
const MAX_TIMESTAMP_AT = 35;
const PRODUCER_ID_AT = 43;
const RECORD_COUNT_AT = 57;
const RECORDS_AT = 61;
/** Base offset and length: what precedes the `length` bytes of a batch. */
const LOG_OVERHEAD = 12;

const COMPRESSION = 0x07;
const GZIP = 1;
const ZSTD = 4;
const LOG_APPEND_TIME = 0x08;
const TRANSACTIONAL = 0x10;
const CONTROL = 0x20;
const ABORT_MARKER = 0;

export type AbortedTransaction = { producerId: bigint; firstOffset: bigint };
/**
 * `records` in offset order. With a screen: `records` are those it did not rule out, and `screened` has
 * every record read, in the same order: its offset, and its key's and value's bytes together.
 */
export type ReadBatches = { records: RawRecord[]; next: number; bytes: number; screened?: ScreenedRead };
export type ScreenedRead = { offsets: number[]; payloads: number[] };
/** How readRecordBatches reads a set (its doc says what each is). */
export type ReadHow = {
  holder?: Holder | undefined;
  screen?: RecordScreen | undefined;
  holding?: ((base: number, last: number) => boolean) | undefined;
};

/**
 * Reads the records of a Fetch answer's record set straight from its bytes: numbers instead of BigInts,
 * key, value and header bytes as views of the (decompressed) batch, nothing else allocated per record.
 * Applies the consumer's read_committed rule (KIP-98): records of aborted transactions and control
 * batches are left out. A partial batch at the end (the broker cuts at the byte limit) is ignored.
 * `how`: the holder of an uncompressed batch's records (the set itself by default, types.ts RecordSet);
 * a `screen`, by which a record it rules out is only counted (`screened`): no object is made for it; and
 * `holding`, which asks of each batch by its first and last offsets whether it holds a record wanted:
 * one that does not is not read (nor decompressed), only walked over.
 */
export function readRecordBatches(
  set: Buffer,
  partition: number,
  start: number,
  aborted: readonly AbortedTransaction[],
  how: ReadHow = {},
): ReadBatches {
  const { holder = { bytes: set }, screen, holding } = how;
  const screened: ScreenedRead | undefined = screen ? { offsets: [], payloads: [] } : undefined;
  const records: RawRecord[] = [];
  const { next, bytes } = walkBatches(set, start, aborted, (batch, base, last, count, attributes, at) => {
    if (holding && !holding(base, last)) return;
    const timestamp =
      attributes & LOG_APPEND_TIME ? Number(batch.readBigInt64BE(MAX_TIMESTAMP_AT)) : undefined;
    const compressed = (attributes & COMPRESSION) !== 0;
    const body = recordsOf(batch, attributes);
    readRecords(
      body,
      count,
      {
        batch: {
          partition,
          timestamp,
          firstTimestamp: Number(batch.readBigInt64BE(FIRST_TIMESTAMP_AT)),
          // An uncompressed batch's records are read from the set (whose bytes may move, types.ts RecordSet).
          holder: compressed ? { bytes: body } : holder,
        },
        base,
        start,
        bodyAt: compressed ? 0 : at + RECORDS_AT,
        screen,
        screened,
      },
      records,
    );
  });
  return screened ? { records, next, bytes, screened } : { records, next, bytes };
}

/**
 * A data batch a read keeps: its bytes, its first and last offsets, its record count (records before
 * the read's start included), its attributes, and where it starts in the set.
 */
export type BatchVisitor = (
  batch: Buffer,
  base: number,
  last: number,
  count: number,
  attributes: number,
  at: number,
) => void;

/**
 * Walks the whole batches of a record set, applying the consumer's read_committed rule (KIP-98): control
 * batches and those of aborted transactions are passed over, every other batch of magic 2 is visited.
 * `next` is the offset after the last batch (the passed-over ones included), `bytes` the batches' size.
 */
export function walkBatches(
  set: Buffer,
  start: number,
  aborted: readonly AbortedTransaction[],
  visit: BatchVisitor,
): { next: number; bytes: number } {
  const pending = [...aborted].sort((a, b) => (a.firstOffset < b.firstOffset ? -1 : 1));
  const abortedProducers = new Set<bigint>();
  let next = start;
  let bytes = 0;
  let at = 0;
  while (at + RECORDS_AT <= set.length) {
    const size = LOG_OVERHEAD + set.readInt32BE(at + LENGTH_AT);
    if (at + size > set.length) break;
    const batch = set.subarray(at, at + size);
    const batchAt = at;
    at += size;
    if (batch.readInt8(MAGIC_AT) !== 2) continue;
    const base = Number(batch.readBigInt64BE(0));
    const last = base + batch.readInt32BE(LAST_OFFSET_DELTA_AT);
    next = Math.max(next, last + 1);
    bytes += size;
    while (pending.length && Number(pending[0]?.firstOffset ?? last + 1) <= last)
      abortedProducers.add(pending.shift()?.producerId ?? -1n);
    const attributes = batch.readInt16BE(ATTRIBUTES_AT);
    const producerId = batch.readBigInt64BE(PRODUCER_ID_AT);
    if (attributes & CONTROL) {
      const marker = firstKey(recordsOf(batch, attributes));
      if (marker && marker.length >= 4 && marker.readInt16BE(2) === ABORT_MARKER)
        abortedProducers.delete(producerId);
      continue;
    }
    if (attributes & TRANSACTIONAL && abortedProducers.has(producerId)) continue;
    visit(batch, base, last, batch.readInt32BE(RECORD_COUNT_AT), attributes, batchAt);
  }
  return { next, bytes };
}

/**
 * zlib's synchronous decoders write into pieces of `chunkSize` (16 KiB by default) and join them at the
 * end: a batch of 500 KB took 30 pieces and a copy of them all. One piece about the size the batch will
 * have (JSON records compress 3 to 8 times) decoded gzip 1.3 to 1.4 times and zstd up to 1.3 times as
 * fast (tests/bench/results/search-codecs.md). Snappy and LZ4 stay with the library's WebAssembly
 * decoders, the fastest measured.
 */
const outputChunk = (body: Buffer) => Math.min(8 * 1024 * 1024, Math.max(64 * 1024, body.length * 8));

/** The records part of a batch, decompressed when the batch is. */
function recordsOf(batch: Buffer, attributes: number): Buffer {
  const codec = attributes & COMPRESSION;
  const body = batch.subarray(RECORDS_AT);
  if (codec === 0) return body;
  if (codec === GZIP) return zlib.gunzipSync(body, { chunkSize: outputChunk(body) });
  if (codec === ZSTD) return zlib.zstdDecompressSync(body, { chunkSize: outputChunk(body) });
  const algorithm = compressionsAlgorithmsByBitmask[codec];
  if (!algorithm) throw new Error(`unsupported compression codec ${codec} in a record batch`);
  return algorithm.decompressSync(body) as Buffer;
}

/** Shared by every record without headers (most of them): one array less per record. */
const NO_HEADERS: RawRecord['headers'] = Object.freeze([]);

/** What the records of one batch share: where their bytes are, and what their timestamps count from. */
type Batch = {
  partition: number;
  /** Set for LogAppendTime batches: every record carries the batch's max timestamp. */
  timestamp: number | undefined;
  firstTimestamp: number;
  /** Where the records' bytes are: the set, or the decompressed batch. */
  holder: Holder;
};

type BatchContext = {
  batch: Batch;
  base: number;
  start: number;
  /** Where the body starts in the holder's bytes. */
  bodyAt: number;
  screen: RecordScreen | undefined;
  screened: ScreenedRead | undefined;
};

/**
 * Bytes records are read from, as a place that may be re-pointed: a scan hands a fetched set to a worker
 * thread without a copy (its memory moves there and back) and puts the bytes that came back here.
 */
export type Holder = { bytes: Buffer };

/** A record's views, made when first read, and the bytes they were cut from. */
type Views = {
  from: Buffer;
  key?: Buffer | null;
  value?: Buffer | null;
  headers?: RawRecord['headers'];
};

/**
 * A record read from a batch. Its key and value are views of the batch made when first read: a record
 * is often ruled out from its value's bytes alone (scan/filters.ts rawRejector, with workers or for
 * what the read's screen could not tell), and its key view was never needed. Two views a record were
 * about 6 % of a search's main-thread time and most of the garbage a record left (profiles of
 * 2026-11-29, tests/bench/results/search.md). What its batch's records share (partition, bytes,
 * timestamps) is kept once per batch, and the timestamp as its small delta: 9 fields and no separate
 * number a record, against 14 and a boxed timestamp before (2026-11-30).
 */
export class BatchRecord implements RawRecord {
  readonly offset: number;
  /** The batch's, or the record's own once it kept its bytes (`own`). */
  #batch: Batch;
  readonly #timestampDelta: number;
  /** Per header, where its key and value lie in the holder's bytes (start, length; length -1: null). */
  #headerSpans: readonly number[] | undefined;
  /**
   * Where the key lies in `bytes` (a search tests it there without a view, scan/filters.ts rawRejector);
   * `own` moves it, and `valueAt`, into the record's own bytes.
   */
  keyAt: number;
  /** -1: a null key. */
  readonly keyLength: number;
  valueAt: number;
  /** -1: a null value. */
  readonly valueLength: number;
  #views: Views | undefined = undefined;

  constructor(
    batch: Batch,
    offset: number,
    timestampDelta: number,
    headerSpans: readonly number[] | undefined,
    keyAt: number,
    keyLength: number,
    valueAt: number,
    valueLength: number,
  ) {
    this.offset = offset;
    this.#batch = batch;
    this.#timestampDelta = timestampDelta;
    this.#headerSpans = headerSpans;
    this.keyAt = keyAt;
    this.keyLength = keyLength;
    this.valueAt = valueAt;
    this.valueLength = valueLength;
  }

  get partition(): number {
    return this.#batch.partition;
  }

  /** Epoch milliseconds. */
  get timestamp(): number {
    return this.#batch.timestamp ?? this.#batch.firstTimestamp + this.#timestampDelta;
  }

  /** Bytes of the key and the value together (null ones count 0). */
  get payloadBytes(): number {
    return sizeOf(this.keyLength, this.valueLength);
  }

  get headers(): RawRecord['headers'] {
    const views = this.#current();
    if (views.headers === undefined) {
      const spans = this.#headerSpans;
      if (!spans) views.headers = NO_HEADERS;
      else {
        const read: [Buffer | null, Buffer | null][] = [];
        for (let i = 0; i < spans.length; i += 4)
          read.push([
            view(views.from, spans[i] as number, spans[i + 1] as number),
            view(views.from, spans[i + 2] as number, spans[i + 3] as number),
          ]);
        views.headers = read;
      }
    }
    return views.headers;
  }

  /** The bytes the record's key, value and headers lie in (the holder's now). */
  get bytes(): Buffer {
    return this.#batch.holder.bytes;
  }

  get key(): Buffer | null {
    const views = this.#current();
    if (views.key === undefined) views.key = view(views.from, this.keyAt, this.keyLength);
    return views.key;
  }

  get value(): Buffer | null {
    const views = this.#current();
    if (views.value === undefined) views.value = view(views.from, this.valueAt, this.valueLength);
    return views.value;
  }

  /**
   * Copies the record's key, value and headers (they lie in that order) into memory of its own: a record
   * a search keeps then holds no more than its bytes, not the fetch answer or decompressed batch they
   * were cut from (a NEWEST search holds a window's matches until the window is read through).
   */
  own(): void {
    const shift = this.keyAt;
    let end = this.valueAt + Math.max(0, this.valueLength);
    const spans = this.#headerSpans;
    if (spans)
      for (let i = 0; i < spans.length; i += 2)
        end = Math.max(end, (spans[i] as number) + Math.max(0, spans[i + 1] as number));
    const bytes = Buffer.from(this.#batch.holder.bytes.subarray(shift, end));
    this.#batch = { ...this.#batch, holder: { bytes } };
    this.keyAt -= shift;
    this.valueAt -= shift;
    if (spans) this.#headerSpans = spans.map((n, i) => (i % 2 === 0 ? n - shift : n));
  }

  /** The views, forgotten when the holder's bytes moved (to a worker and back) since they were cut. */
  #current(): Views {
    const bytes = this.#batch.holder.bytes;
    if (this.#views?.from !== bytes) this.#views = { from: bytes };
    return this.#views;
  }
}

/** Has a record read from a batch keep only its own bytes (`BatchRecord.own`); others own theirs already. */
export function ownBytes(raw: RawRecord): void {
  if (raw instanceof BatchRecord) raw.own();
}

/** Bytes of a key and a value of these lengths together (-1, null, counts 0). */
const sizeOf = (keyLength: number, valueLength: number) => Math.max(0, keyLength) + Math.max(0, valueLength);

function view(bytes: Buffer, at: number, length: number): Buffer | null {
  return length < 0 ? null : bytes.subarray(at, at + length);
}

/** Bytes of a record's key and value together, without making their views when it has them. */
export const payloadBytes = (raw: RawRecord): number =>
  raw instanceof BatchRecord ? raw.payloadBytes : (raw.key?.length ?? 0) + (raw.value?.length ?? 0);

function readRecords(body: Buffer, count: number, batch: BatchContext, into: RawRecord[]): void {
  const cursor = { at: 0 };
  for (let i = 0; i < count && cursor.at < body.length; i++) {
    const length = varint(body, cursor);
    const end = cursor.at + length;
    cursor.at += 1; // attributes (unused)
    const timestampDelta = varint(body, cursor);
    const offset = batch.base + varint(body, cursor);
    if (offset < batch.start) {
      cursor.at = end;
      continue;
    }
    const keyLength = varint(body, cursor);
    const keyAt = cursor.at;
    if (keyLength > 0) cursor.at += keyLength;
    const valueLength = varint(body, cursor);
    const valueAt = cursor.at;
    if (valueLength > 0) cursor.at += valueLength;
    const { screen, screened } = batch;
    if (screened) {
      screened.offsets.push(offset);
      screened.payloads.push(sizeOf(keyLength, valueLength));
      const at = batch.bodyAt;
      if (screen?.(batch.batch.holder.bytes, at + keyAt, keyLength, at + valueAt, valueLength)) {
        cursor.at = end;
        continue;
      }
    }
    const headerCount = varint(body, cursor);
    let headerSpans: number[] | undefined;
    if (headerCount > 0) {
      headerSpans = [];
      for (let h = 0; h < 2 * headerCount; h++) {
        const length = varint(body, cursor);
        headerSpans.push(batch.bodyAt + cursor.at, length);
        if (length > 0) cursor.at += length;
      }
    }
    cursor.at = end;
    into.push(
      new BatchRecord(
        batch.batch,
        offset,
        timestampDelta,
        headerSpans,
        batch.bodyAt + keyAt,
        keyLength,
        batch.bodyAt + valueAt,
        valueLength,
      ),
    );
  }
}

function firstKey(body: Buffer): Buffer | null {
  const cursor = { at: 0 };
  varint(body, cursor); // length
  cursor.at += 1; // attributes
  varint(body, cursor); // timestamp delta
  varint(body, cursor); // offset delta
  return bytes(body, cursor);
}

/** A zigzag varint (or varlong: exact up to 2^53) at the cursor, which moves past it. */
function varint(buffer: Buffer, cursor: { at: number }): number {
  let byte = buffer[cursor.at++] ?? 0;
  let raw = byte & 0x7f;
  let scale = 128;
  while (byte & 0x80) {
    byte = buffer[cursor.at++] ?? 0;
    raw += (byte & 0x7f) * scale;
    scale *= 128;
  }
  return raw % 2 === 1 ? -(raw + 1) / 2 : raw / 2;
}

/** Length-prefixed bytes (length -1 is null) as a view, the cursor moved past them. */
function bytes(buffer: Buffer, cursor: { at: number }): Buffer | null {
  const length = varint(buffer, cursor);
  if (length < 0) return null;
  const view = buffer.subarray(cursor.at, cursor.at + length);
  cursor.at += length;
  return view;
}
