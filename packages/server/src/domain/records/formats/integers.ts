import type { Codec } from './codec.ts';

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;
const INTEGER = /^\s*-?\d+\s*$/;

/** A big-endian signed 32-bit integer (Kafka's IntegerSerializer). */
export const intCodec: Codec = {
  format: 'INT',
  label: 'INT',
  decode(bytes) {
    if (bytes.length !== 4) throw new Error(`is ${bytes.length} bytes, not the 4 of an INT`);
    return String(bytes.readInt32BE());
  },
  encode(text) {
    const n = INTEGER.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(n) || n < INT_MIN || n > INT_MAX) {
      throw new Error(`must be an integer from ${INT_MIN} to ${INT_MAX}`);
    }
    const buf = Buffer.alloc(4);
    buf.writeInt32BE(n);
    return buf;
  },
};

/** A big-endian signed 64-bit integer (Kafka's LongSerializer), exact past 2^53. */
export const longCodec: Codec = {
  format: 'LONG',
  label: 'LONG',
  decode(bytes) {
    if (bytes.length !== 8) throw new Error(`is ${bytes.length} bytes, not the 8 of a LONG`);
    return bytes.readBigInt64BE().toString();
  },
  encode(text) {
    const n = INTEGER.test(text) ? BigInt(text.trim()) : undefined;
    if (n === undefined || n < LONG_MIN || n > LONG_MAX) {
      throw new Error(`must be an integer from ${LONG_MIN} to ${LONG_MAX}`);
    }
    const buf = Buffer.alloc(8);
    buf.writeBigInt64BE(n);
    return buf;
  },
};
