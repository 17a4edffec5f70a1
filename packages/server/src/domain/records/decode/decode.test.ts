import { describe, expect, it } from 'vitest';
import { decodePart, headerText, schemaIds } from './decode.ts';
import type { SchemaCache } from './registry.ts';
import { parseSchema } from './schema-parse.ts';
import { frame } from './wire.ts';

const plain = { topic: 't', schemas: undefined, detectSchemas: true };

/** A cache stub answering from a fixed table (the real one fetches from the registry). */
function cacheOf(table: Record<number, Awaited<ReturnType<typeof parseSchema>> | string>): SchemaCache {
  return { get: (id: number) => table[id] } as unknown as SchemaCache;
}

describe('decodePart', () => {
  it('keeps null absent, UTF-8 as text and anything else as base64 with the flag', () => {
    expect(decodePart(null, plain)).toEqual({ text: null });
    expect(decodePart(Buffer.from('héllo'), plain)).toEqual({ text: 'héllo', format: 'TEXT' });
    expect(decodePart(Buffer.from([0xc3, 0x28]), plain)).toEqual({
      text: 'wyg=',
      base64: true,
      format: 'BINARY',
    });
    expect(decodePart(Buffer.alloc(0), plain)).toEqual({ text: '', format: 'TEXT' });
  });

  it('tells a real U+FFFD in valid text from invalid bytes next to it', () => {
    expect(decodePart(Buffer.from('bad char \uFFFD here, 日本'), plain)).toEqual({
      text: 'bad char \uFFFD here, 日本',
      format: 'TEXT',
    });
    const invalid = Buffer.concat([Buffer.from('\uFFFD'), Buffer.from([0xff])]);
    expect(decodePart(invalid, plain)).toEqual({
      text: invalid.toString('base64'),
      base64: true,
      format: 'BINARY',
    });
    expect(headerText(Buffer.concat([Buffer.from('ok'), Buffer.from([0xc3])]))).toBe('6F6BC3');
  });

  it('reads the schema id of framed bytes; without a registry the bytes show raw', () => {
    const bytes = frame(42, Buffer.from('abc'));
    expect(decodePart(bytes, plain)).toEqual({
      text: '\u0000\u0000\u0000\u0000*abc',
      schemaId: 42,
      format: 'TEXT',
    });
    expect(decodePart(bytes, { topic: 't', schemas: undefined, detectSchemas: false })).not.toHaveProperty(
      'schemaId',
    );
  });

  it('falls back to the raw bytes with the reason when the schema is missing or the payload wrong', async () => {
    const schema = await parseSchema(
      7,
      { schema: '{"type":"record","name":"R","fields":[{"name":"n","type":"int"}]}' },
      () => Promise.reject(new Error('no references')),
    );
    const context = {
      topic: 't',
      schemas: cacheOf({ 7: schema, 8: 'Schema 8: not found' }),
      detectSchemas: true,
    };
    expect(decodePart(frame(7, Buffer.from([0x0e])), context)).toEqual({
      text: '{"n":7}',
      schemaId: 7,
      name: 'R',
      format: 'AVRO',
    });
    const broken = decodePart(frame(7, Buffer.from([0xff])), context);
    expect(broken).toMatchObject({ schemaId: 7, base64: true });
    expect(broken.error).toMatch(/^Schema 7 \(AVRO\): /);
    expect(decodePart(frame(8, Buffer.from('x')), context)).toMatchObject({
      schemaId: 8,
      error: 'Schema 8: not found',
    });
    expect(decodePart(frame(9, Buffer.from('x')), context).error).toContain('9');
  });
});

describe('headerText', () => {
  it('shows text as is, numbers of 8, 4 and 2 bytes as big-endian integers, the rest as hex', () => {
    expect(headerText(null)).toBe('null');
    expect(headerText(Buffer.from('trace-1'))).toBe('trace-1');
    const long = Buffer.alloc(8);
    long.writeBigInt64BE(1714560896789n);
    expect(headerText(long)).toBe('1714560896789');
    expect(headerText(Buffer.from([0, 0, 1, 0]))).toBe('256');
    expect(headerText(Buffer.from([0xff, 0xfe]))).toBe('-2');
    expect(headerText(Buffer.from([0x00, 0x01, 0xab]))).toBe('0001AB');
  });
});

describe('schemaIds', () => {
  it('collects the ids of framed keys and values once', () => {
    expect(
      schemaIds([
        { key: frame(1, Buffer.from('a')), value: frame(2, Buffer.from('b')) },
        { key: null, value: frame(2, Buffer.from('c')) },
        { key: Buffer.from('plain'), value: Buffer.from([0, 1]) },
      ]).sort(),
    ).toEqual([1, 2]);
  });
});
