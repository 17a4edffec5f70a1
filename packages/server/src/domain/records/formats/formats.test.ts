import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from '@msgpack/msgpack';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../platform/config/load.ts';
import { decodePart } from '../decode/decode.ts';
import { avroCodec } from './avro.ts';
import { formatsOf } from './detect.ts';
import { intCodec, longCodec } from './integers.ts';
import { msgpackCodec } from './msgpack.ts';
import { protobufCodec } from './protobuf.ts';
import { checkConfigFiles, topicCodecs } from './topic-codecs.ts';

const dir = mkdtempSync(join(tmpdir(), 'formats-'));
mkdirSync(join(dir, 'protos', 'common'), { recursive: true });
writeFileSync(
  join(dir, 'protos', 'common', 'money.proto'),
  'syntax = "proto3";\npackage common;\nmessage Money { string currency = 1; int64 cents = 2; }\n',
);
writeFileSync(
  join(dir, 'protos', 'order.proto'),
  'syntax = "proto3";\npackage shop;\nimport "common/money.proto";\n' +
    'message Order { string order_id = 1; common.Money total = 2; repeated string tags = 3; }\n',
);
const avsc = join(dir, 'reading.avsc');
writeFileSync(
  avsc,
  JSON.stringify({
    type: 'record',
    name: 'Reading',
    namespace: 'iot',
    fields: [
      { name: 'sensor', type: 'string' },
      { name: 'at', type: 'long' },
      { name: 'note', type: ['null', 'string'], default: null },
    ],
  }),
);

const cluster = (deserialization: unknown) => ({
  clusters: { local: { properties: { 'bootstrap.servers': 'k:9092' }, deserialization } },
});
const configError = async (raw: unknown) => {
  try {
    await checkConfigFiles(parseConfig(raw));
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the config was accepted');
};

describe('configured formats', () => {
  it('Protobuf from a folder of .proto files: imports resolved, field names as declared, both ways', () => {
    const codec = protobufCodec({ protoDir: join(dir, 'protos'), messageType: 'shop.Order' });
    const bytes = codec.encode('{"orderId":"o-1","total":{"currency":"EUR","cents":"9007199254740993"}}');
    expect(JSON.parse(codec.decode(bytes))).toEqual({
      order_id: 'o-1',
      total: { currency: 'EUR', cents: '9007199254740993' },
    });
    expect(codec.name).toBe('shop.Order');
    expect(() => codec.encode('{"orderid":"x"}')).toThrow("Order has no field 'orderid'");
    expect(() => codec.encode('[1]')).toThrow('must be a JSON object');
  });

  it('Avro from a schema file, raw binary: longs exact, unions unwrapped, bad input named', () => {
    const codec = avroCodec(avsc);
    const bytes = codec.encode('{"sensor":"s1","at":9007199254740993,"note":"hi"}');
    expect(codec.decode(bytes)).toBe('{"sensor":"s1","at":9007199254740993,"note":"hi"}');
    expect(() => codec.encode('{"sensor":1,"at":2}')).toThrow('does not match the Avro schema at sensor');
    expect(() => codec.decode(Buffer.concat([bytes, Buffer.from([1])]))).toThrow();
  });

  it('MessagePack: 64-bit integers and binary kept, trailing bytes refused', () => {
    const bytes = Buffer.from(encode({ id: 2n ** 62n, raw: new Uint8Array([1, 2]) }, { useBigInt64: true }));
    expect(msgpackCodec.decode(bytes)).toBe('{"id":4611686018427387904,"raw":"AQI="}');
    expect(msgpackCodec.decode(msgpackCodec.encode('{"a":[1,"x",null]}'))).toBe('{"a":[1,"x",null]}');
    expect(() => msgpackCodec.decode(Buffer.concat([bytes, Buffer.from([0xc0])]))).toThrow();
  });

  it('INT and LONG are big-endian and exact; other lengths and out-of-range text are refused', () => {
    expect(intCodec.decode(Buffer.from([0xff, 0xff, 0xff, 0xfe]))).toBe('-2');
    expect(longCodec.decode(longCodec.encode('9223372036854775807'))).toBe('9223372036854775807');
    expect(longCodec.encode('1').toString('hex')).toBe('0000000000000001');
    expect(() => intCodec.decode(Buffer.from([1, 2]))).toThrow('is 2 bytes, not the 4 of an INT');
    expect(() => intCodec.encode('2147483648')).toThrow('must be an integer');
    expect(() => longCodec.encode('1.5')).toThrow('must be an integer');
  });

  it('the first rule naming a part applies; a record the codec cannot read falls back with the reason', () => {
    const config = parseConfig(
      cluster([
        { topics: ['orders'], value: { format: 'MSGPACK' } },
        { topics: ['.*'], key: { format: 'LONG' }, value: { format: 'INT' } },
      ]),
    );
    const codecs = topicCodecs(config)('local', 'orders');
    expect([codecs.key?.format, codecs.value?.format]).toEqual(['LONG', 'MSGPACK']);
    expect(topicCodecs(config)('local', 'orders-2').value?.format).toBe('INT');
    const context = { topic: 'orders', schemas: undefined, detectSchemas: true, codecs };
    expect(decodePart(Buffer.from('abc'), context, 'key')).toEqual({
      text: 'abc',
      format: 'TEXT',
      error: 'Key as LONG: is 3 bytes, not the 8 of a LONG',
    });
  });
});

describe('deserialization config errors name the key', () => {
  it.each([
    [
      [{ topics: ['t'], value: { format: 'AVRO', schemaFile: join(dir, 'missing.avsc') } }],
      /^clusters\.local\.deserialization\.0\.value\.schemaFile: cannot read .*missing\.avsc \(ENOENT\)$/,
    ],
    [
      [
        {
          topics: ['t'],
          value: { format: 'PROTOBUF', protoDir: join(dir, 'protos'), messageType: 'shop.Nope' },
        },
      ],
      /^clusters\.local\.deserialization\.0\.value\.messageType: no message 'shop\.Nope'/,
    ],
    [
      [{ topics: ['t'], key: { format: 'PROTOBUF', messageType: 'a.B' } }],
      /^clusters\.local\.deserialization\.0\.key\.descriptorSet: give exactly one of descriptorSet and protoDir$/,
    ],
    [[{ topics: ['t'] }], /^clusters\.local\.deserialization\.0\.value: give key or value/],
    [
      [{ topics: ['('], key: { format: 'INT' } }],
      /^clusters\.local\.deserialization\.0\.topics\.0: not a valid/,
    ],
    [[{ topics: ['t'], key: { format: 'XML' } }], /^clusters\.local\.deserialization\.0\.key\.format: /],
    [
      [{ topics: ['t'], value: { format: 'AVRO', schemaFile: join(dir, 'protos', 'order.proto') } }],
      /^clusters\.local\.deserialization\.0\.value\.schemaFile: /,
    ],
  ])('%j', async (deserialization, message) => {
    expect(await configError(cluster(deserialization))).toMatch(message);
  });
});

describe('detected formats', () => {
  it('tells JSON objects and arrays from text; registry, binary and null parts keep theirs', () => {
    expect(formatsOf({ text: ' {"a":1}', format: 'TEXT' }, { text: '[1,2]', format: 'TEXT' })).toEqual({
      key: 'JSON',
      value: 'JSON',
    });
    expect(formatsOf({ text: '42', format: 'TEXT' }, { text: '{oops', format: 'TEXT' })).toEqual({
      key: 'TEXT',
      value: 'TEXT',
    });
    expect(formatsOf({ text: null }, { text: 'AAE=', format: 'BINARY' })).toEqual({ value: 'BINARY' });
  });

  it('decodes without a configured codec: text, then base64 for bytes that are not UTF-8', () => {
    const context = { topic: 't', schemas: undefined, detectSchemas: true };
    expect(decodePart(Buffer.from('héllo'), context).format).toBe('TEXT');
    expect(decodePart(Buffer.from([0xff, 0xfe]), context)).toMatchObject({ format: 'BINARY', base64: true });
  });
});
