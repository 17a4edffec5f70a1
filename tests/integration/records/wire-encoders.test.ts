/**
 * The record wire encoders held byte for byte to Kafka's own Java code: zigzag varints and
 * varlongs with their sizes (ByteUtils) and whole record batches (MemoryRecords.builder) against what
 * the Kafka library the console produces with writes (Writer, createRecordsBatch), and read back by it.
 * The Java side is tests/support/wire-reference/WireReference.java on the stack's broker jars.
 * Why this exists: docs/dependency-patches.md.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import {
  createRecordsBatch,
  type MessageToProduce,
  Reader,
  readRecordsBatch,
  Writer,
} from '@platformatic/kafka';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const source = join(root, 'tests', 'support', 'wire-reference', 'WireReference.java');
const classpath = join(root, '.cache', 'stack', 'kafka-libs', '*');

/** Runs the Java reference on `commands`, one answer line each (`end` and the varints answer). */
function java(commands: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.env.JAVA ?? 'java',
      ['-Xmx512m', '-XX:TieredStopAtLevel=1', '-cp', classpath, source],
      { maxBuffer: 256 * 1024 * 1024, timeout: 60_000 },
      (error, stdout) => (error ? reject(error) : resolve(stdout.trimEnd().split('\n'))),
    );
    child.stdin?.end(`${commands.join('\n')}\n`);
  });
}

/** A seeded generator (splitmix32), so a failure names values that come back on the next run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
}

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

function intValues(): number[] {
  const next = random(31);
  const edges = [0, 1, -1, 63, -64, 64, -65, 8191, -8192, 2 ** 20, -(2 ** 20), 2 ** 30, -(2 ** 30)];
  const values = [...edges, INT_MIN, INT_MIN + 1, INT_MAX, INT_MAX - 1];
  // Random magnitudes of every bit length, both signs.
  for (let i = 0; i < 3000; i++) values.push((next() >> (next() % 32)) | 0);
  return values;
}

function longValues(): bigint[] {
  const next = random(63);
  const values = [0n, 1n, -1n, 63n, -64n, 64n, -65n, LONG_MIN, LONG_MIN + 1n, LONG_MAX, LONG_MAX - 1n];
  for (const p of [31n, 32n, 35n, 42n, 49n, 53n, 56n, 62n]) {
    values.push(2n ** p, -(2n ** p), 2n ** p - 1n, -(2n ** p) + 1n, 2n ** p + 1n, -(2n ** p) - 1n);
  }
  for (let i = 0; i < 3000; i++) {
    const raw = BigInt.asIntN(64, (BigInt(next()) << 32n) | BigInt(next()));
    values.push(raw >> BigInt(next() % 64));
  }
  return values;
}

describe('zigzag varints and varlongs against org.apache.kafka.common.utils.ByteUtils', () => {
  it('writes every int32 varint as Kafka does, with Kafka’s size, and reads Kafka’s bytes back to the value', async () => {
    const values = intValues();
    const reference = await java(values.map((v) => `varint ${v}`));
    const mismatches = values.flatMap((v, i) => {
      const [hex = '', size = ''] = (reference[i] ?? '').split(' ');
      const ours = Writer.create().appendVarInt(v).buffer;
      const back = Reader.from(Buffer.from(hex, 'hex')).readVarInt();
      return ours.toString('hex') === hex && ours.length === Number(size) && back === v
        ? []
        : [{ value: v, kafka: hex, ours: ours.toString('hex'), readBack: back }];
    });
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(values.length).toBeGreaterThan(3000);
  });

  it('writes every int64 varlong as Kafka does, with Kafka’s size, and reads Kafka’s bytes back to the value', async () => {
    const values = longValues();
    const reference = await java(values.map((v) => `varlong ${v}`));
    const mismatches = values.flatMap((v, i) => {
      const [hex = '', size = ''] = (reference[i] ?? '').split(' ');
      const ours = Writer.create().appendVarInt64(v).buffer;
      const back = Reader.from(Buffer.from(hex, 'hex')).readVarInt64();
      return ours.toString('hex') === hex && ours.length === Number(size) && back === v
        ? []
        : [{ value: String(v), kafka: hex, ours: ours.toString('hex'), readBack: String(back) }];
    });
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});

type Rec = {
  timestamp: bigint;
  key: Buffer | null;
  value: Buffer | null;
  headers: [string, Buffer | null][];
};

const at = (iso: string) => BigInt(Date.parse(iso));
const b64 = (v: Buffer | null) => (v === null ? '-' : v.toString('base64'));

/** The batch commands for the Java side: the same producer id, epoch, sequence and leader epoch as ours. */
const batchCommands = (records: Rec[]) => [
  'batch 4242 3 0 7',
  ...records.map((r) =>
    `rec ${r.timestamp} ${b64(r.key)} ${b64(r.value)} ${r.headers.length} ${r.headers
      .map(([k, v]) => `${b64(Buffer.from(k))} ${b64(v)}`)
      .join(' ')}`.trimEnd(),
  ),
  'end',
];

function ourBatch(records: Rec[]): Buffer {
  const messages = records.map((r) => ({
    topic: 't',
    partition: 0,
    timestamp: r.timestamp,
    key: r.key ?? undefined,
    value: r.value ?? undefined,
    headers: new Map(r.headers.map(([k, v]) => [Buffer.from(k), v ?? undefined])),
  })) as MessageToProduce<Buffer, Buffer, Buffer, Buffer | undefined>[];
  return createRecordsBatch(messages as never, {
    producerId: 4242n,
    producerEpoch: 3,
    partitionLeaderEpoch: 7,
  }).buffer;
}

// Timestamps years apart inside one batch: forward, backward, the epoch itself, and 2^31 ms ± 1 apart.
const BATCHES: Record<string, Rec[]> = {
  'years apart, forwards and backwards': [
    { timestamp: at('2026-11-28T17:01:11Z'), key: Buffer.from('k1'), value: Buffer.from('now'), headers: [] },
    {
      timestamp: at('2024-05-01T00:00:00Z'),
      key: Buffer.from('k2'),
      value: Buffer.from('then'),
      headers: [],
    },
    { timestamp: at('2026-11-28T17:01:12Z'), key: null, value: Buffer.from('now again'), headers: [] },
    { timestamp: 0n, key: Buffer.from('epoch'), value: null, headers: [['h', null]] },
    { timestamp: at('2099-12-31T23:59:59.999Z'), key: null, value: null, headers: [] },
  ],
  'deltas of 2^31 ms and the values either side': [
    { timestamp: 1_000_000_000_000n, key: null, value: Buffer.from('a'), headers: [] },
    { timestamp: 1_000_000_000_000n + 2n ** 31n, key: null, value: Buffer.from('b'), headers: [] },
    { timestamp: 1_000_000_000_000n + 2n ** 31n - 1n, key: null, value: Buffer.from('c'), headers: [] },
    { timestamp: 1_000_000_000_000n - 2n ** 31n - 1n, key: null, value: Buffer.from('d'), headers: [] },
    { timestamp: 1_000_000_000_000n + 2n ** 32n, key: null, value: Buffer.from('e'), headers: [] },
  ],
  'headers, null keys and values, and a 1 MB value': [
    {
      timestamp: at('2021-01-01T00:00:00Z'),
      key: null,
      value: Buffer.alloc(1024 * 1024, 'x'),
      headers: [
        ['trace', Buffer.from('abc')],
        ['empty', Buffer.alloc(0)],
        ['none', null],
        ['ünïcode', Buffer.from('✓')],
      ],
    },
    { timestamp: at('2026-06-01T00:00:00Z'), key: Buffer.alloc(0), value: Buffer.alloc(0), headers: [] },
  ],
};

describe('record batches against MemoryRecords.builder', () => {
  it.each(Object.entries(BATCHES))(
    'writes a batch of %s byte for byte as Kafka does, CRC included',
    async (_, records) => {
      const [kafka = ''] = await java(batchCommands(records));
      const ours = ourBatch(records);
      // The CRC (bytes 17-20) first, for a clear message, then every byte.
      expect(ours.subarray(17, 21).toString('hex')).toBe(kafka.slice(34, 42));
      expect(ours.length).toBe(kafka.length / 2);
      expect(ours.equals(Buffer.from(kafka, 'hex'))).toBe(true);
    },
  );

  it('reads the timestamps of a batch Kafka wrote back exactly', async () => {
    const records = BATCHES['years apart, forwards and backwards'] as Rec[];
    const [kafka = ''] = await java(batchCommands(records));
    const batch = readRecordsBatch(Reader.from(Buffer.from(kafka, 'hex')));
    expect(batch.records.map((r) => batch.firstTimestamp + r.timestampDelta)).toEqual(
      records.map((r) => r.timestamp),
    );
    expect(batch.maxTimestamp).toBe(at('2099-12-31T23:59:59.999Z'));
  });
});
