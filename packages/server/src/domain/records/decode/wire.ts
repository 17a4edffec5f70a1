/**
 * The Confluent wire format: magic byte 0, a 4-byte big-endian schema id, the payload. Protobuf payloads
 * start with the message-index path (zig-zag varints: a count, then the indexes; a lone 0 means `[0]`).
 */
export const MAGIC = 0;

/** The schema id of a Confluent-framed payload, else undefined. */
export function schemaIdOf(bytes: Buffer | null): number | undefined {
  return bytes ? schemaIdAt(bytes, 0, bytes.length) : undefined;
}

/** schemaIdOf the `length` bytes at `at` of `bytes` (length -1: null), read where they lie. */
export function schemaIdAt(bytes: Buffer, at: number, length: number): number | undefined {
  if (length < 5 || bytes[at] !== MAGIC) return undefined;
  const id = bytes.readInt32BE(at + 1);
  return id >= 0 ? id : undefined;
}

export function frame(id: number, payload: Uint8Array, messageIndexes?: number[]): Buffer {
  const header = Buffer.alloc(5);
  header.writeInt32BE(id, 1);
  const parts: Uint8Array[] = [header];
  if (messageIndexes) parts.push(encodeMessageIndexes(messageIndexes));
  parts.push(payload);
  return Buffer.concat(parts);
}

/** Reads the message-index path at `start`; answers the path and where the message bytes begin. */
export function readMessageIndexes(bytes: Buffer, start: number): { indexes: number[]; next: number } {
  let position = start;
  const read = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = bytes[position++];
      if (byte === undefined) throw new Error('truncated message index');
      result |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) break;
      shift += 7;
      if (shift > 28) throw new Error('malformed message index');
    }
    return (result >>> 1) ^ -(result & 1);
  };
  const count = read();
  if (count < 0 || count > 100) throw new Error('malformed message index');
  if (count === 0) return { indexes: [0], next: position };
  const indexes = Array.from({ length: count }, read);
  return { indexes, next: position };
}

export function encodeMessageIndexes(indexes: number[]): Buffer {
  if (indexes.length === 1 && indexes[0] === 0) return Buffer.from([0]);
  const bytes: number[] = [];
  const write = (n: number) => {
    let zigzag = ((n << 1) ^ (n >> 31)) >>> 0;
    while (zigzag > 0x7f) {
      bytes.push((zigzag & 0x7f) | 0x80);
      zigzag >>>= 7;
    }
    bytes.push(zigzag);
  };
  write(indexes.length);
  for (const index of indexes) write(index);
  return Buffer.from(bytes);
}
