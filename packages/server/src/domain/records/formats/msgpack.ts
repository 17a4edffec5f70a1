import { decode, encode } from '@msgpack/msgpack';
import { parseJsonKeepingBigInts, toJsonText } from '../decode/json-text.ts';
import { type Codec, parseJsonInput } from './codec.ts';

/** MessagePack as JSON text: 64-bit integers exact, binary as base64; one value, no trailing bytes. */
export const msgpackCodec: Codec = {
  format: 'MSGPACK',
  label: 'MSGPACK',
  decode: (bytes) => toJsonText(decode(bytes, { useBigInt64: true })),
  encode: (text) =>
    Buffer.from(encode(parseJsonInput(text, 'MessagePack', parseJsonKeepingBigInts), { useBigInt64: true })),
};
