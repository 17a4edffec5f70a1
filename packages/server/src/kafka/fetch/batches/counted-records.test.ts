import { type CompressionAlgorithmValue, createRecordsBatch, type MessageRecord } from '@platformatic/kafka';
import { describe, expect, it } from 'vitest';
import { countRecordBatches } from './counted-records.ts';
import { type AbortedTransaction, readRecordBatches } from './record-batches.ts';

const message = (i: number): MessageRecord => ({
  topic: 't',
  key: Buffer.from(`key-${i}`),
  value: Buffer.from(`value ${i}`),
  timestamp: 1_714_521_600_000n + BigInt(i),
});

/** A v2 batch of `count` records at `base`, as a producer writes it. */
function batch(base: number, count: number, compression: CompressionAlgorithmValue = 'none'): Buffer {
  const messages = Array.from({ length: count }, (_, i) => message(base + i));
  const bytes = createRecordsBatch(messages, { compression }).buffer;
  bytes.writeBigInt64BE(BigInt(base), 0);
  return bytes;
}

/**
 * A batch compaction left: its records at `deltas` from `base` (each below 64, one varint byte, as the
 * writer's own), its last offset delta the last of them.
 */
function compacted(base: number, deltas: number[]): Buffer {
  const bytes = batch(base, deltas.length);
  let at = 61;
  for (const delta of deltas) {
    let length = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++] as number;
      length += (byte & 0x7f) * scale;
      scale *= 128;
      if (!(byte & 0x80)) break;
    }
    const end = at + length / 2;
    at += 1; // attributes
    while ((bytes[at++] as number) & 0x80); // timestamp delta
    bytes[at] = delta * 2; // the offset delta, zigzag
    at = end;
  }
  bytes.writeInt32BE(deltas.at(-1) as number, 23);
  return bytes;
}

/** The counted read gives what the read gives: how many, each offset, the next offset and the bytes. */
function expectCountedAsRead(set: Buffer, start: number, aborted: AbortedTransaction[] = []) {
  const read = readRecordBatches(set, 3, start, aborted);
  const { counted, next, bytes } = countRecordBatches(set, 3, start, aborted);
  expect(counted.total).toBe(read.records.length);
  expect(Array.from({ length: counted.total }, (_, i) => counted.offsetAt(i))).toEqual(
    read.records.map((r) => r.offset),
  );
  expect([next, bytes]).toEqual([read.next, read.bytes]);
}

describe('countRecordBatches', () => {
  it.each(['none', 'gzip', 'snappy', 'lz4', 'zstd'] as const)(
    'counts %s batches from their headers as a read reads them, from a start inside the first',
    (codec) => {
      const set = Buffer.concat([batch(10, 5, codec), batch(15, 3, codec), batch(18, 1, codec)]);
      expectCountedAsRead(set, 12);
      expectCountedAsRead(set, 10);
      expectCountedAsRead(set, 18);
    },
  );

  it('reads the offsets of a compacted batch, from a start before, inside and past its gaps', () => {
    const set = Buffer.concat([compacted(0, [0, 3, 4, 9]), batch(10, 2), compacted(12, [1, 5])]);
    const offsets = readRecordBatches(set, 0, 0, []).records.map((r) => r.offset);
    expect(offsets).toEqual([0, 3, 4, 9, 10, 11, 13, 17]);
    for (const start of [0, 1, 3, 5, 9, 10, 13]) expectCountedAsRead(set, start);
  });

  it('leaves out aborted transactions and markers as a read does, and a partial batch at the end', () => {
    const producer = 7n;
    const transactional = batch(0, 2);
    transactional.writeInt16BE(0x10, 21);
    transactional.writeBigInt64BE(producer, 43);
    const marker = createRecordsBatch([
      { topic: 't', key: Buffer.from([0, 0, 0, 0]), value: Buffer.alloc(6) },
    ]).buffer;
    marker.writeBigInt64BE(2n, 0);
    marker.writeInt16BE(0x30, 21);
    marker.writeBigInt64BE(producer, 43);
    const set = Buffer.concat([transactional, marker, batch(3, 4), batch(7, 2).subarray(0, 40)]);
    expectCountedAsRead(set, 0, [{ producerId: producer, firstOffset: 0n }]);
    expectCountedAsRead(set, 0);
    expectCountedAsRead(set, 4);
  });
});
