import { type CompressionAlgorithmValue, createRecordsBatch, type MessageRecord } from '@platformatic/kafka';
import { describe, expect, it } from 'vitest';
import { type BatchRecord, ownBytes, payloadBytes, readRecordBatches } from './record-batches.ts';

const T0 = 1_714_521_600_000n;

/** A v2 batch as a producer writes it (the library's writer), placed at `base`. */
function batch(
  base: number,
  messages: MessageRecord[],
  compression: CompressionAlgorithmValue = 'none',
): Buffer {
  const bytes = createRecordsBatch(messages, { compression }).buffer;
  bytes.writeBigInt64BE(BigInt(base), 0);
  return bytes;
}

const message = (i: number, extra: Partial<MessageRecord> = {}): MessageRecord => ({
  topic: 't',
  key: Buffer.from(`key-${i}`),
  value: Buffer.from(`value ${i} ${'é'.repeat(i)}`),
  timestamp: T0 + BigInt(i * 1000),
  ...extra,
});

const text = (b: Buffer | null) => (b === null ? null : b.toString());

describe('readRecordBatches', () => {
  it.each(['none', 'gzip', 'snappy', 'lz4', 'zstd'] as const)(
    'reads every record of %s batches: offsets, timestamps, key, value, headers',
    (codec) => {
      const headers = new Map([[Buffer.from('source'), Buffer.from('e2e')]]);
      const set = Buffer.concat([
        batch(10, [message(0, { headers }), message(1)], codec),
        batch(12, [message(2, { timestamp: T0 - 5000n }), message(3, { key: undefined })], codec),
      ]);
      const read = readRecordBatches(set, 4, 10, []);
      expect(read.next).toBe(14);
      expect(read.bytes).toBe(set.length);
      expect(
        read.records.map((r) => [
          r.partition,
          r.offset,
          r.timestamp,
          text(r.key),
          text(r.value),
          r.headers.length,
        ]),
      ).toEqual([
        [4, 10, Number(T0), 'key-0', 'value 0 ', 1],
        [4, 11, Number(T0) + 1000, 'key-1', 'value 1 é', 0],
        [4, 12, Number(T0) - 5000, 'key-2', 'value 2 éé', 0],
        [4, 13, Number(T0) + 3000, null, 'value 3 ééé', 0],
      ]);
      expect(read.records[0]?.headers.map(([k, v]) => [text(k), text(v)])).toEqual([['source', 'e2e']]);
    },
  );

  it('gives a record the same key and value views at every read, and counts null key and value as 0 bytes', () => {
    // A tombstone without a key: the writer's null for both (its type wants a value).
    const tombstone = { topic: 't', key: undefined, value: null as unknown as Buffer };
    const set = batch(0, [message(1), tombstone, message(2)]);
    const [first, empty, last] = readRecordBatches(set, 0, 0, []).records;
    expect(first?.value).toBe(first?.value);
    expect(text(first?.key ?? null)).toBe('key-1');
    expect(empty?.key).toBeNull();
    expect(empty?.value).toBeNull();
    expect([first, empty, last].map((r) => (r ? payloadBytes(r) : -1))).toEqual([
      Buffer.byteLength('key-1value 1 é'),
      0,
      Buffer.byteLength('key-2value 2 éé'),
    ]);
    // A record made elsewhere (a test, a copy) is counted from its own buffers.
    expect(payloadBytes({ ...message(3), partition: 0, offset: 0, timestamp: 0, headers: [] } as never)).toBe(
      Buffer.byteLength('key-3value 3 ééé'),
    );
  });

  it('skips records before the start offset and ignores a partial batch at the end', () => {
    const whole = batch(0, [message(0), message(1), message(2)]);
    const cut = batch(3, [message(3)]).subarray(0, 40);
    const read = readRecordBatches(Buffer.concat([whole, cut]), 0, 1, []);
    expect(read.records.map((r) => r.offset)).toEqual([1, 2]);
    expect(read.next).toBe(3);
  });

  it('reads only the batches that hold a wanted record, walking over the others without decompressing them', () => {
    const unreadable = batch(2, [message(2), message(3)], 'gzip');
    // Not gzip any more past its header: decompressing this batch would throw.
    unreadable.fill(0xee, 61 + 10);
    const set = Buffer.concat([
      batch(0, [message(0), message(1)], 'gzip'),
      unreadable,
      batch(4, [message(4)], 'gzip'),
    ]);
    expect(() => readRecordBatches(set, 0, 0, [])).toThrow();
    const asked: [number, number][] = [];
    const read = readRecordBatches(set, 0, 0, [], {
      holding: (base, last) => {
        asked.push([base, last]);
        return base !== 2;
      },
    });
    expect(asked).toEqual([
      [0, 1],
      [2, 3],
      [4, 4],
    ]);
    expect(read.records.map((r) => [r.offset, text(r.value)])).toEqual([
      [0, 'value 0 '],
      [1, 'value 1 é'],
      [4, 'value 4 éééé'],
    ]);
    expect(read.next).toBe(5);
  });

  it.each(['none', 'gzip'] as const)(
    'lets a kept record own its bytes: the same key, value and headers once the %s set is overwritten',
    (codec) => {
      const headers = new Map([
        [Buffer.from('source'), Buffer.from('app-1')],
        [Buffer.from('empty'), Buffer.alloc(0)],
      ]);
      const set = batch(0, [message(0), message(1, { headers }), message(2, { key: undefined })], codec);
      const read = readRecordBatches(set, 0, 0, []).records;
      const shown = () =>
        read.map((r) => [text(r.key), text(r.value), r.headers.map(([k, v]) => [text(k), text(v)])]);
      const before = shown();
      for (const raw of read) ownBytes(raw);
      // What the set (or the batch decompressed from it) held is gone: the records read their own copies.
      set.fill(0);
      expect(shown()).toEqual(before);
      expect(before[1]).toEqual([
        'key-1',
        'value 1 \u00e9',
        [
          ['source', 'app-1'],
          ['empty', ''],
        ],
      ]);
      expect(before[2]?.[0]).toBeNull();
      // Only its own bytes: key, value and headers with their few length bytes, not the batch's.
      for (const raw of read) expect((raw as BatchRecord).bytes.length).toBeLessThan(payloadBytes(raw) + 32);
    },
  );

  it('uses the batch time for every record of a LogAppendTime batch', () => {
    const bytes = batch(0, [message(0), message(1)]);
    // attributes bit 3: LogAppendTime; the broker stamps max_timestamp.
    bytes.writeInt16BE(0x08, 21);
    bytes.writeBigInt64BE(T0 + 99n, 35);
    expect(readRecordBatches(bytes, 0, 0, []).records.map((r) => r.timestamp)).toEqual([
      Number(T0) + 99,
      Number(T0) + 99,
    ]);
  });

  it('leaves out the records of an aborted transaction and the markers (read_committed)', () => {
    const producer = 7n;
    const transactional = (base: number, messages: MessageRecord[]) => {
      const bytes = batch(base, messages);
      bytes.writeInt16BE(0x10, 21);
      bytes.writeBigInt64BE(producer, 43);
      return bytes;
    };
    const abortMarker = batch(2, [{ topic: 't', key: Buffer.from([0, 0, 0, 0]), value: Buffer.alloc(6) }]);
    abortMarker.writeInt16BE(0x30, 21); // transactional control batch
    abortMarker.writeBigInt64BE(producer, 43);
    const set = Buffer.concat([
      transactional(0, [message(0), message(1)]),
      abortMarker,
      batch(3, [message(3)]),
    ]);
    const read = readRecordBatches(set, 0, 0, [{ producerId: producer, firstOffset: 0n }]);
    expect(read.records.map((r) => r.offset)).toEqual([3]);
    expect(read.next).toBe(4);
    // Committed (no aborted transaction listed): the records show, the marker never does.
    expect(readRecordBatches(set, 0, 0, []).records.map((r) => r.offset)).toEqual([0, 1, 3]);
  });

  it.each(['none', 'zstd'] as const)(
    'with a screen (%s): makes only the records it keeps, and counts every record read from the start',
    (codec) => {
      const set = Buffer.concat([
        batch(0, [message(0), message(1), message(2)], codec),
        batch(3, [message(3), message(4, { value: null as unknown as Buffer })], codec),
      ]);
      const seen: string[] = [];
      // Keeps the records whose value holds a 3 or is null, and sees each where it lies.
      const read = readRecordBatches(set, 0, 1, [], {
        screen: (bytes, keyAt, keyLength, valueAt, valueLength) => {
          seen.push(bytes.toString('utf8', keyAt, keyAt + keyLength));
          return valueLength >= 0 && !bytes.toString('utf8', valueAt, valueAt + valueLength).includes('3');
        },
      });
      expect(seen).toEqual(['key-1', 'key-2', 'key-3', 'key-4']);
      expect(read.records.map((r) => [r.offset, text(r.value)])).toEqual([
        [3, 'value 3 ééé'],
        [4, null],
      ]);
      expect(read.screened).toEqual({
        offsets: [1, 2, 3, 4],
        payloads: [1, 2, 3].map((i) => Buffer.byteLength(`key-${i}value ${i} ${'é'.repeat(i)}`)).concat(5),
      });
      expect(read.next).toBe(5);
      // Without one, nothing is counted apart.
      expect(readRecordBatches(set, 0, 1, []).screened).toBeUndefined();
    },
  );
});
