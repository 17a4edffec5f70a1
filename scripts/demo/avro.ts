/** Just enough Avro binary encoding for the demo's flat records (strings, longs, doubles). */
type Field = { name: string; type: 'string' | 'long' | 'double' };

function zigzagVarint(value: bigint): Buffer {
  let n = (value << 1n) ^ (value >> 63n);
  const bytes: number[] = [];
  while (n > 0x7fn) {
    bytes.push(Number((n & 0x7fn) | 0x80n));
    n >>= 7n;
  }
  bytes.push(Number(n));
  return Buffer.from(bytes);
}

export function encodeAvro(fields: Field[], record: Record<string, string | number>): Buffer {
  return Buffer.concat(
    fields.map(({ name, type }) => {
      const value = record[name];
      if (type === 'string') {
        const bytes = Buffer.from(String(value));
        return Buffer.concat([zigzagVarint(BigInt(bytes.length)), bytes]);
      }
      if (type === 'long') return zigzagVarint(BigInt(value as number));
      const double = Buffer.alloc(8);
      double.writeDoubleLE(value as number);
      return double;
    }),
  );
}

/** Confluent wire format: magic byte 0, the schema id big-endian, then the Avro body. */
export function confluentFrame(schemaId: number, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeInt32BE(schemaId, 1);
  return Buffer.concat([header, body]);
}
