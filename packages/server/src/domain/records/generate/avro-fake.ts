import type { Faker } from '@faker-js/faker';
import avro from 'avsc';
import { hinted, type Kind, plainValue } from './field-hints.ts';

/**
 * Fake values for an Avro schema, in avsc's own form (Buffers for bytes and fixed, unions wrapped as the
 * console's decoder wraps them). The registry's type keeps no logical types (the console shows their
 * underlying values), so the schema texts are parsed again here with every logical type marked, and both
 * types are walked side by side: the registry's says how unions are wrapped, the marked one which
 * fields are timestamps, dates, decimals or UUIDs.
 */

const LOGICAL_NAMES = [
  'timestamp-millis',
  'timestamp-micros',
  'local-timestamp-millis',
  'local-timestamp-micros',
  'date',
  'time-millis',
  'time-micros',
  'decimal',
  'uuid',
];

/** Keeps the logical type's attributes; values pass as the underlying type's. */
class Marked extends avro.types.LogicalType {
  readonly attrs: Record<string, unknown>;
  constructor(schema: avro.Schema, opts?: Partial<avro.ForSchemaOptions>) {
    super(schema, opts);
    this.attrs = schema as unknown as Record<string, unknown>;
  }
  override _fromValue(value: unknown) {
    return value;
  }
  override _toValue(value: unknown) {
    return value;
  }
}

/** Deeper than this, optional branches are taken empty (null union branch, no array items). */
const SHALLOW_DEPTH = 6;
const MAX_DEPTH = 32;
const NULL_SHARE = 0.1;
const DAY_MS = 86_400_000;

type AnyType = avro.Type & {
  fields?: { name: string; type: AnyType }[];
  types?: AnyType[];
  itemsType?: AnyType;
  valuesType?: AnyType;
  symbols?: string[];
  size?: number;
  branchName?: string;
  underlyingType?: AnyType;
};

export type AvroFaker = (faker: Faker) => unknown;

/** A generator for `type` (the registry's), its logical types read from `texts` (references first). */
export function avroFaker(type: avro.Type, texts: string[]): AvroFaker {
  const marked = markedType(texts);
  return (faker) => walk(faker, type as AnyType, marked, undefined, 0);
}

function markedType(texts: string[]): AnyType | undefined {
  const logicalTypes = Object.fromEntries(LOGICAL_NAMES.map((n) => [n, Marked]));
  const options = { registry: {}, wrapUnions: 'auto' as const, logicalTypes };
  try {
    let last: avro.Type | undefined;
    for (const text of texts) last = avro.Type.forSchema(JSON.parse(text), options);
    return last as AnyType | undefined;
  } catch {
    // The registry's type parsed: without logical types the values are still valid, only plainer.
    return undefined;
  }
}

function walk(
  faker: Faker,
  type: AnyType,
  marked: AnyType | undefined,
  name: string | undefined,
  depth: number,
): unknown {
  if (depth > MAX_DEPTH) throw new Error(`the schema nests deeper than ${MAX_DEPTH} levels without an end`);
  // The registry's longs are the console's own (bigint-safe) long type: an `abstract:long`.
  const typeName = type.typeName === 'abstract:long' ? 'long' : type.typeName;
  if (marked instanceof Marked) {
    const value = logicalValue(faker, marked.attrs, typeName);
    if (value !== undefined) return value;
    marked = marked.underlyingType as AnyType;
  }
  const shallow = depth < SHALLOW_DEPTH;
  switch (typeName) {
    case 'null':
      return null;
    case 'boolean':
      return faker.datatype.boolean();
    case 'int': {
      const value = hinted(faker, name, 'integer');
      return typeof value === 'number' && Math.abs(value) < 2 ** 31 ? value : plainValue(faker, 'integer');
    }
    case 'long':
      return primitive(faker, name, 'integer');
    case 'float':
    case 'double':
      return primitive(faker, name, 'number');
    case 'string':
      return primitive(faker, name, 'string');
    case 'bytes':
      return Buffer.from(faker.string.alphanumeric(8));
    case 'fixed':
      return randomBytes(faker, type.size ?? 0);
    case 'enum':
      return faker.helpers.arrayElement(type.symbols ?? []);
    case 'array': {
      const count = shallow ? faker.number.int({ min: 1, max: 3 }) : 0;
      return Array.from({ length: count }, () =>
        walk(faker, type.itemsType as AnyType, marked?.itemsType, name, depth + 1),
      );
    }
    case 'map': {
      const count = shallow ? faker.number.int({ min: 1, max: 3 }) : 0;
      const entries = Array.from({ length: count }, (_, i): [string, unknown] => [
        `${faker.lorem.word()}${i}`,
        walk(faker, type.valuesType as AnyType, marked?.valuesType, undefined, depth + 1),
      ]);
      return Object.fromEntries(entries);
    }
    case 'record':
    case 'error': {
      const fields = type.fields ?? [];
      return Object.fromEntries(
        fields.map((f, i) => [f.name, walk(faker, f.type, marked?.fields?.[i]?.type, f.name, depth + 1)]),
      );
    }
    case 'union:unwrapped':
    case 'union:wrapped': {
      const branches = type.types ?? [];
      const i = pickBranch(faker, branches, shallow);
      const branch = branches[i] as AnyType;
      if (branch.typeName === 'null') return null;
      const value = walk(faker, branch, marked?.types?.[i], name, depth + 1);
      return type.typeName === 'union:wrapped' ? { [branch.branchName ?? branch.typeName]: value } : value;
    }
    default:
      throw new Error(`cannot generate Avro type ${type.typeName}`);
  }
}

function primitive(faker: Faker, name: string | undefined, kind: Kind): unknown {
  const value = hinted(faker, name, kind);
  return value === undefined ? plainValue(faker, kind) : value;
}

/** The null branch sometimes (always when deep, so recursive records end), else any other. */
function pickBranch(faker: Faker, branches: AnyType[], shallow: boolean): number {
  const nullAt = branches.findIndex((b) => b.typeName === 'null');
  const others = branches.map((_, i) => i).filter((i) => i !== nullAt);
  if (nullAt >= 0 && (!shallow || others.length === 0 || faker.number.float() < NULL_SHARE)) return nullAt;
  return faker.helpers.arrayElement(others);
}

/** A value for a logical type over the underlying type it names; undefined when they do not go together. */
function logicalValue(faker: Faker, attrs: Record<string, unknown>, underlying: string): unknown {
  const at = faker.date.recent({ days: 30 }).getTime();
  switch (`${attrs.logicalType}/${underlying}`) {
    case 'timestamp-millis/long':
    case 'local-timestamp-millis/long':
      return at;
    case 'timestamp-micros/long':
    case 'local-timestamp-micros/long':
      return at * 1000;
    case 'date/int':
      return Math.floor(at / DAY_MS);
    case 'time-millis/int':
      return faker.number.int({ min: 0, max: DAY_MS - 1 });
    case 'time-micros/long':
      return faker.number.int({ min: 0, max: DAY_MS * 1000 - 1 });
    case 'uuid/string':
      return faker.string.uuid();
    case 'decimal/bytes':
      return decimalBytes(faker, Number(attrs.precision), undefined);
    case 'decimal/fixed':
      return decimalBytes(faker, Number(attrs.precision), Number(attrs.size));
    default:
      return undefined;
  }
}

/** A non-negative unscaled decimal of up to `precision` digits, big-endian two's complement. */
function decimalBytes(faker: Faker, precision: number, size: number | undefined): Buffer {
  const digits = Math.max(1, Math.min(Number.isFinite(precision) ? precision : 9, 15));
  let unscaled = BigInt(faker.number.int({ min: 0, max: 10 ** digits - 1 }));
  if (size !== undefined) unscaled %= 1n << BigInt(Math.max(0, size * 8 - 1));
  let hex = unscaled.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  if (Number.parseInt(hex.slice(0, 2), 16) >= 0x80) hex = `00${hex}`;
  const bytes = Buffer.from(hex, 'hex');
  if (size === undefined || bytes.length >= size) return bytes;
  return Buffer.concat([Buffer.alloc(size - bytes.length), bytes]);
}

function randomBytes(faker: Faker, size: number): Buffer {
  return Buffer.from(Array.from({ length: size }, () => faker.number.int({ min: 0, max: 255 })));
}
