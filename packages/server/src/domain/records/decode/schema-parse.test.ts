import { describe, expect, it } from 'vitest';
import { parseSchema } from './schema-parse.ts';
import { encodeMessageIndexes, readMessageIndexes, schemaIdOf } from './wire.ts';

const noReferences = () => Promise.reject(new Error('no references'));

describe('wire format', () => {
  it('round-trips message-index paths, [0] as one zero byte', () => {
    expect(encodeMessageIndexes([0])).toEqual(Buffer.from([0]));
    for (const path of [[1], [0, 2], [3, 1, 4]]) {
      const bytes = Buffer.concat([Buffer.alloc(5), encodeMessageIndexes(path), Buffer.from([9])]);
      expect(readMessageIndexes(bytes, 5)).toEqual({ indexes: path, next: bytes.length - 1 });
    }
    expect(schemaIdOf(Buffer.from([0, 0, 0, 1, 2, 3]))).toBe(258);
    expect(schemaIdOf(Buffer.from([1, 0, 0, 1, 2, 3]))).toBeUndefined();
    expect(schemaIdOf(Buffer.from([0, 0, 0, 1]))).toBeUndefined();
  });
});

describe('parseSchema', () => {
  it('Avro: encodes JSON and decodes it back, longs exact', async () => {
    const schema = await parseSchema(
      3,
      {
        schema:
          '{"type":"record","name":"P","namespace":"x","fields":[{"name":"id","type":"long"},{"name":"b","type":["null","bytes"]}]}',
      },
      noReferences,
    );
    const bytes = schema.encode('{"id":9223372036854775807,"b":null}');
    expect(schemaIdOf(bytes)).toBe(3);
    expect(schema.decode(bytes)).toEqual({ text: '{"id":9223372036854775807,"b":null}', name: 'x.P' });
    expect(() => schema.encode('{"id":"x"}')).toThrow(/id/);
  });

  it('Avro: references are read before the schema that uses them', async () => {
    const schema = await parseSchema(
      4,
      {
        schema: '{"type":"record","name":"Outer","fields":[{"name":"inner","type":"Inner"}]}',
        references: [{ name: 'Inner', subject: 'inner', version: 1 }],
      },
      async () => ({ schema: '{"type":"record","name":"Inner","fields":[{"name":"v","type":"string"}]}' }),
    );
    expect(schema.decode(schema.encode('{"inner":{"v":"ok"}}')).text).toBe('{"inner":{"v":"ok"}}');
  });

  it('Protobuf: picks the message from the index path and imports well-known types', async () => {
    const schema = await parseSchema(
      5,
      {
        schemaType: 'PROTOBUF',
        schema: [
          'syntax = "proto3";',
          'package p;',
          'import "google/protobuf/timestamp.proto";',
          'message A { string s = 1; }',
          'message B { int64 n = 1; google.protobuf.Timestamp at = 2; message C { bool f = 1; } }',
        ].join('\n'),
      },
      noReferences,
    );
    const a = schema.encode('{"s":"hi"}');
    expect(a.subarray(5, 6)).toEqual(Buffer.from([0]));
    expect(schema.decode(a)).toEqual({ text: '{"s":"hi"}', name: 'p.A' });
    const nested = Buffer.concat([a.subarray(0, 5), encodeMessageIndexes([1, 0]), Buffer.from([0x08, 0x01])]);
    expect(schema.decode(nested)).toEqual({ text: '{"f":true}', name: 'p.B.C' });
    const b = Buffer.concat([a.subarray(0, 5), encodeMessageIndexes([1]), Buffer.from([0x08, 0x05])]);
    expect(schema.decode(b)).toEqual({ text: '{"n":"5"}', name: 'p.B' });
  });

  it('Protobuf: reads a schema registered as a base64 FileDescriptorProto (Confluent serializers)', async () => {
    // What Confluent's Python serializer registered for `message Person {string name = 1; int32 age = 2;}`
    // in package interop, as Apicurio's Confluent API hands it back.
    const serialized =
      'ChRpbnRlcm9wL3BlcnNvbi5wcm90bxIHaW50ZXJvcCIjCgZQZXJzb24SDAoEbmFtZRgBIAEoCRILCgNhZ2UYAiABKAViBnByb3RvMw';
    const schema = await parseSchema(6, { schemaType: 'PROTOBUF', schema: serialized }, noReferences);
    const bytes = schema.encode('{"name":"Ada","age":36}');
    expect(bytes.subarray(6)).toEqual(Buffer.from([0x0a, 0x03, 0x41, 0x64, 0x61, 0x10, 0x24]));
    expect(schema.decode(bytes)).toEqual({ text: '{"name":"Ada","age":36}', name: 'interop.Person' });
  });

  it('JSON Schema: validates when producing, names the schema by its title', async () => {
    const schema = await parseSchema(
      6,
      { schemaType: 'JSON', schema: '{"title":"T","type":"object","required":["a"]}' },
      noReferences,
    );
    expect(schema.decode(schema.encode('{ "a": 1 }'))).toEqual({ text: '{"a":1}', name: 'T' });
    expect(() => schema.encode('{}')).toThrow(/required/);
    expect(() => schema.encode('not json')).toThrow(/not JSON/);
  });
});
