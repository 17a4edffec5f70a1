import type { Faker } from '@faker-js/faker';
import type protobuf from 'protobufjs';
import { hinted, type Kind, plainValue } from './field-hints.ts';

/**
 * Fake messages for a Protobuf type, in the JSON mapping protobufjs's `fromObject` reads (enums by name,
 * bytes as base64, 64-bit integers as numbers within 2^53): every field by its type, repeated fields and
 * maps with a few entries, one member of each oneof, nested messages until they nest too deep.
 */

const SHALLOW_DEPTH = 5;
const MAX_DEPTH = 32;
const INT32 = 2 ** 31 - 1;
const UINT32 = 2 ** 32 - 1;

export type ProtobufFaker = (faker: Faker) => unknown;

export function protobufFaker(type: protobuf.Type): ProtobufFaker {
  return (faker) => message(faker, type, 0);
}

function message(faker: Faker, type: protobuf.Type, depth: number): Record<string, unknown> {
  if (depth > MAX_DEPTH) throw new Error(`${type.name} nests deeper than ${MAX_DEPTH} levels`);
  if (type.fullName === '.google.protobuf.Timestamp') {
    return { seconds: Math.floor(faker.date.recent({ days: 30 }).getTime() / 1000), nanos: 0 };
  }
  const skipped = new Set<string>();
  for (const oneof of type.oneofsArray) {
    const chosen = faker.helpers.arrayElement(oneof.oneof);
    for (const member of oneof.oneof) if (member !== chosen) skipped.add(member);
  }
  const out: Record<string, unknown> = {};
  for (const field of type.fieldsArray) {
    if (skipped.has(field.name)) continue;
    field.resolve();
    const nested = field.resolvedType && 'fieldsArray' in field.resolvedType;
    // Deep down, message fields are left unset (every proto3 field may be), so a recursive type ends.
    if (nested && depth >= SHALLOW_DEPTH) continue;
    const one = () => single(faker, field, depth);
    if (field.map) {
      const count = depth < SHALLOW_DEPTH ? faker.number.int({ min: 1, max: 2 }) : 0;
      const keyType = (field as unknown as protobuf.MapField).keyType;
      out[field.name] = Object.fromEntries(
        Array.from({ length: count }, (_, i) => [mapKey(faker, keyType, i), one()]),
      );
    } else if (field.repeated) {
      const count = depth < SHALLOW_DEPTH ? faker.number.int({ min: 1, max: 3 }) : 0;
      out[field.name] = Array.from({ length: count }, one);
    } else out[field.name] = one();
  }
  return out;
}

function single(faker: Faker, field: protobuf.Field, depth: number): unknown {
  const resolved = field.resolvedType;
  if (resolved && 'values' in resolved) {
    return faker.helpers.arrayElement(Object.keys((resolved as protobuf.Enum).values));
  }
  if (resolved && 'fieldsArray' in resolved) return message(faker, resolved as protobuf.Type, depth + 1);
  return scalar(faker, field.type, field.name);
}

function scalar(faker: Faker, type: string, name: string): unknown {
  switch (type) {
    case 'double':
    case 'float':
      return primitive(faker, name, 'number');
    case 'int32':
    case 'sint32':
    case 'sfixed32':
      return bounded(faker, name, -INT32, INT32);
    case 'uint32':
    case 'fixed32':
      return bounded(faker, name, 0, UINT32);
    case 'int64':
    case 'sint64':
    case 'sfixed64':
      return bounded(faker, name, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    case 'uint64':
    case 'fixed64':
      return bounded(faker, name, 0, Number.MAX_SAFE_INTEGER);
    case 'bool':
      return faker.datatype.boolean();
    case 'bytes':
      return Buffer.from(faker.string.alphanumeric(8)).toString('base64');
    default:
      return primitive(faker, name, 'string');
  }
}

function bounded(faker: Faker, name: string, min: number, max: number): number {
  const value = hinted(faker, name, 'integer');
  return typeof value === 'number' && value >= min && value <= max
    ? value
    : (plainValue(faker, 'integer') as number);
}

function primitive(faker: Faker, name: string, kind: Kind): unknown {
  const value = hinted(faker, name, kind);
  return value === undefined ? plainValue(faker, kind) : value;
}

function mapKey(faker: Faker, keyType: string, i: number): string {
  if (keyType === 'string') return `${faker.lorem.word()}${i}`;
  if (keyType === 'bool') return i % 2 ? 'true' : 'false';
  return String(faker.number.int({ min: 0, max: 10_000 }) * 10 + i);
}
