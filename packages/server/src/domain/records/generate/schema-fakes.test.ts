import { base, en, Faker } from '@faker-js/faker';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { type ParsedSchema, parseSchema, type RegistrySchemaText } from '../decode/schema-parse.ts';
import { schemaIdOf } from '../decode/wire.ts';
import { avroFaker } from './avro-fake.ts';
import { jsonSchemaFaker } from './json-schema-fake.ts';
import { protobufFaker } from './protobuf-fake.ts';

const noReferences = () => Promise.reject(new Error('no references'));
const seeded = (seed: number) => {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  return faker;
};

/** Generated values, each encoded by the schema's own encoder, then decoded as the Data tab decodes it. */
function roundTrips(schema: ParsedSchema, fake: (faker: Faker) => unknown, times = 50) {
  const faker = seeded(1);
  return Array.from({ length: times }, () => {
    const value = fake(faker);
    const bytes = schema.encodeValue(value);
    expect(schemaIdOf(bytes)).toBe(schema.id);
    return { value, decoded: JSON.parse(schema.decode(bytes).text) as Record<string, unknown> };
  });
}

const parse = (id: number, answer: RegistrySchemaText) => parseSchema(id, answer, noReferences);

describe('Avro generator', () => {
  const schemaText = JSON.stringify({
    type: 'record',
    name: 'Order',
    namespace: 'shop',
    fields: [
      { name: 'id', type: { type: 'string', logicalType: 'uuid' } },
      { name: 'email', type: 'string' },
      { name: 'createdAt', type: { type: 'long', logicalType: 'timestamp-millis' } },
      { name: 'day', type: { type: 'int', logicalType: 'date' } },
      { name: 'price', type: { type: 'bytes', logicalType: 'decimal', precision: 8, scale: 2 } },
      { name: 'code', type: { type: 'fixed', name: 'Code', size: 4 } },
      { name: 'status', type: { type: 'enum', name: 'Status', symbols: ['NEW', 'PAID'] } },
      { name: 'tags', type: { type: 'array', items: 'string' } },
      { name: 'attributes', type: { type: 'map', values: 'double' } },
      { name: 'note', type: ['null', 'string'], default: null },
      { name: 'parent', type: ['null', 'Order'], default: null },
    ],
  });

  it('every value encodes through the schema and decodes back', async () => {
    const schema = await parse(11, { schema: schemaText });
    if (schema.model.kind !== 'AVRO') throw new Error('not Avro');
    const rows = roundTrips(schema, avroFaker(schema.model.type, schema.model.texts));
    for (const { decoded } of rows) {
      expect(decoded.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(decoded.email).toMatch(/@/);
      // timestamp-millis: a recent instant, not any long.
      expect(Math.abs(Date.now() - Number(decoded.createdAt))).toBeLessThan(31 * 86_400_000);
      expect(Math.abs(Date.now() / 86_400_000 - Number(decoded.day))).toBeLessThan(32);
      expect(['NEW', 'PAID']).toContain(decoded.status);
    }
    expect(rows.some((r) => r.decoded.note === null)).toBe(true);
    expect(rows.some((r) => typeof r.decoded.note === 'string')).toBe(true);
    expect(rows.some((r) => r.decoded.parent !== null)).toBe(true);
  });

  it('the same seed makes the same records', async () => {
    const schema = await parse(11, { schema: schemaText });
    if (schema.model.kind !== 'AVRO') throw new Error('not Avro');
    const fake = avroFaker(schema.model.type, schema.model.texts);
    const faker = seeded(5);
    faker.setDefaultRefDate(new Date('2025-01-01T00:00:00Z'));
    const again = seeded(5);
    again.setDefaultRefDate(new Date('2025-01-01T00:00:00Z'));
    expect(schema.encodeValue(fake(faker))).toEqual(schema.encodeValue(fake(again)));
  });
});

describe('JSON Schema generator', () => {
  const jsonSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    required: ['id', 'email', 'age', 'kind', 'when', 'site', 'code', 'items'],
    definitions: {
      item: {
        type: 'object',
        required: ['sku'],
        properties: { sku: { type: 'string', minLength: 3, maxLength: 5 } },
      },
    },
    properties: {
      id: { type: 'string', format: 'uuid' },
      email: { type: 'string', format: 'email' },
      age: { type: 'integer', minimum: 18, maximum: 30 },
      score: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
      kind: { enum: ['a', 'b'] },
      fixed: { const: 42 },
      when: { type: 'string', format: 'date-time' },
      site: { type: 'string', format: 'uri' },
      code: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{2}$' },
      maybe: { type: ['null', 'string'] },
      items: { type: 'array', minItems: 1, maxItems: 4, items: { $ref: '#/definitions/item' } },
    },
    additionalProperties: false,
  };

  it('every value validates against the schema (checked by Ajv here too)', async () => {
    const schema = await parse(12, { schema: JSON.stringify(jsonSchema), schemaType: 'JSON' });
    if (schema.model.kind !== 'JSON') throw new Error('not JSON');
    // Ajv without ajv-formats leaves formats unchecked: they are checked by hand below.
    const validate = new Ajv.default({ strict: false, validateFormats: false, logger: false }).compile(
      jsonSchema,
    );
    for (const { decoded } of roundTrips(schema, jsonSchemaFaker(schema.model.schema))) {
      expect(validate(decoded), JSON.stringify(validate.errors)).toBe(true);
      expect(decoded.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(decoded.email).toMatch(/^[^@\s]+@[^@\s]+$/);
      expect(new Date(String(decoded.when)).toISOString()).toBe(decoded.when);
      expect(() => new URL(String(decoded.site))).not.toThrow();
    }
  });

  it('a pattern too long or too repetitive for the generator falls back to plain text, and the schema refuses it', async () => {
    const text = JSON.stringify({ type: 'string', pattern: '^[a-z]{1000}$' });
    const schema = await parse(13, { schema: text, schemaType: 'JSON' });
    if (schema.model.kind !== 'JSON') throw new Error('not JSON');
    const value = jsonSchemaFaker(schema.model.schema)(seeded(1));
    expect(typeof value).toBe('string');
    expect(() => schema.encodeValue(value)).toThrow(/pattern/);
  });
});

describe('Protobuf generator', () => {
  const proto = `syntax = "proto3";
package shop;
message Order {
  string order_id = 1;
  string email = 2;
  int64 created_at = 3;
  Status status = 4;
  repeated Line lines = 5;
  map<string, int32> counts = 6;
  Order parent = 7;
  oneof payment { string card = 8; string iban = 9; }
  bytes blob = 10;
  enum Status { NEW = 0; PAID = 1; }
}
message Line { string sku = 1; uint32 quantity = 2; double price = 3; }`;

  it('every message encodes and decodes, one oneof member set', async () => {
    const schema = await parse(14, { schema: proto, schemaType: 'PROTOBUF' });
    if (schema.model.kind !== 'PROTOBUF' || !schema.model.type) throw new Error('not Protobuf');
    for (const { decoded } of roundTrips(schema, protobufFaker(schema.model.type))) {
      expect(['NEW', 'PAID']).toContain(decoded.status);
      expect(decoded.email).toMatch(/@/);
      expect(Array.isArray(decoded.lines)).toBe(true);
      expect(('card' in decoded ? 1 : 0) + ('iban' in decoded ? 1 : 0)).toBe(1);
    }
  });
});
