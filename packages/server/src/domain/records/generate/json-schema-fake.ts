import type { Faker } from '@faker-js/faker';
import { hinted, type Kind, plainValue } from './field-hints.ts';

/**
 * Fake values for a JSON Schema: `type`, `properties`/`required`, `items`/`prefixItems`, `enum`, `const`,
 * `format`, bounds and lengths, local `$ref`s, `allOf`/`anyOf`/`oneOf`. A `pattern` is given to faker's
 * generator only when short and its repetitions small (bounded work whatever the registry holds);
 * otherwise, or when the result does not match, the record fails the schema's own check, a 400 naming
 * the subject (docs/api-conventions.md#generate).
 */

type Schema = boolean | { [key: string]: unknown };
type Node = { [key: string]: unknown };

const SHALLOW_DEPTH = 6;
const MAX_DEPTH = 32;
const OPTIONAL_SHARE = 0.7;
const MAX_PATTERN = 100;
const MAX_REPEAT = 32;

export type JsonFaker = (faker: Faker) => unknown;

export function jsonSchemaFaker(root: object): JsonFaker {
  return (faker) => value(faker, root as Schema, root as Node, undefined, 0);
}

function value(faker: Faker, schema: Schema, root: Node, name: string | undefined, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new Error(`the schema nests deeper than ${MAX_DEPTH} levels without an end`);
  if (schema === true) return plainValue(faker, 'string');
  if (schema === false) throw new Error('the schema allows no value');
  const node = resolve(schema, root);
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum) && node.enum.length) return faker.helpers.arrayElement(node.enum);
  if (Array.isArray(node.allOf)) return value(faker, merged(node, root), root, name, depth + 1);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = node[key];
    if (Array.isArray(options) && options.length) {
      return value(faker, faker.helpers.arrayElement(options) as Schema, root, name, depth + 1);
    }
  }
  switch (typeOf(faker, node)) {
    case 'null':
      return null;
    case 'boolean':
      return faker.datatype.boolean();
    case 'integer':
      return numberIn(faker, node, name, 'integer');
    case 'number':
      return numberIn(faker, node, name, 'number');
    case 'array':
      return arrayOf(faker, node, root, name, depth);
    case 'object':
      return objectOf(faker, node, root, depth);
    default:
      return stringOf(faker, node, name);
  }
}

/** `#/…` references within the schema, followed a few at a time. */
function resolve(schema: Node, root: Node): Node {
  let node = schema;
  for (let hops = 0; typeof node.$ref === 'string'; hops++) {
    if (hops > 16) throw new Error('$ref refers in a circle');
    const ref = node.$ref;
    if (ref !== '#' && !ref.startsWith('#/'))
      throw new Error(`cannot follow $ref '${ref}' (only #/… within the schema)`);
    let target: unknown = root;
    for (const raw of ref.slice(2).split('/').filter(Boolean)) {
      const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      target = target && typeof target === 'object' ? (target as Node)[key] : undefined;
    }
    if (!target || typeof target !== 'object') throw new Error(`$ref '${ref}' points at nothing`);
    node = target as Node;
  }
  return node;
}

/** allOf as one schema: properties and required joined, the rest of the first that says it. */
function merged(node: Node, root: Node): Node {
  const parts = [
    node,
    ...(node.allOf as Schema[]).map((s) => (typeof s === 'object' ? resolve(s, root) : {})),
  ];
  const out: Node = {};
  const properties: Node = {};
  const required = new Set<string>();
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      if (k === 'allOf') continue;
      if (k === 'properties' && v && typeof v === 'object') Object.assign(properties, v);
      else if (k === 'required' && Array.isArray(v)) for (const r of v) required.add(String(r));
      else if (!(k in out)) out[k] = v;
    }
  }
  if (Object.keys(properties).length) out.properties = properties;
  if (required.size) out.required = [...required];
  return out;
}

function typeOf(faker: Faker, node: Node): string {
  const type = node.type;
  if (Array.isArray(type)) {
    const others = type.filter((t) => t !== 'null');
    if (others.length === 0 || (type.includes('null') && faker.number.float() < 0.1)) return 'null';
    return String(faker.helpers.arrayElement(others));
  }
  if (typeof type === 'string') return type;
  if (node.properties || node.required) return 'object';
  if (node.items || node.prefixItems) return 'array';
  return 'string';
}

function numberIn(faker: Faker, node: Node, name: string | undefined, kind: Kind): number {
  const num = (k: string) => (typeof node[k] === 'number' ? (node[k] as number) : undefined);
  const exclusiveMin = num('exclusiveMinimum');
  const exclusiveMax = num('exclusiveMaximum');
  const step = kind === 'integer' ? 1 : 0.01;
  let min = num('minimum') ?? (exclusiveMin !== undefined ? exclusiveMin + step : undefined);
  let max = num('maximum') ?? (exclusiveMax !== undefined ? exclusiveMax - step : undefined);
  const multipleOf = num('multipleOf');
  if (min === undefined && max === undefined && multipleOf === undefined) {
    const hint = hinted(faker, name, kind);
    if (typeof hint === 'number') return hint;
  }
  min ??= max !== undefined ? Math.min(0, max - 1_000) : 0;
  max ??= Math.max(min + 1_000, 1_000);
  if (multipleOf && multipleOf > 0) {
    const k = faker.number.int({
      min: Math.ceil(min / multipleOf),
      max: Math.max(Math.ceil(min / multipleOf), Math.floor(max / multipleOf)),
    });
    return k * multipleOf;
  }
  if (kind === 'integer')
    return faker.number.int({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
  return faker.number.float({ min, max: Math.max(min, max), fractionDigits: 2 });
}

function stringOf(faker: Faker, node: Node, name: string | undefined): string {
  const format = typeof node.format === 'string' ? FORMATS[node.format] : undefined;
  const pattern = typeof node.pattern === 'string' ? node.pattern : undefined;
  let text: string;
  if (format) text = format(faker);
  else if (pattern !== undefined) text = fromPattern(faker, pattern) ?? faker.lorem.word();
  else {
    const hint = hinted(faker, name, 'string');
    text = typeof hint === 'string' ? hint : faker.lorem.word();
  }
  if (format || pattern !== undefined) return text;
  const minLength = typeof node.minLength === 'number' ? node.minLength : 0;
  const maxLength = typeof node.maxLength === 'number' ? node.maxLength : Number.POSITIVE_INFINITY;
  if (text.length > maxLength) text = text.slice(0, maxLength);
  if (text.length < minLength) text += faker.string.alpha(Math.min(minLength - text.length, 10_000));
  return text;
}

const FORMATS: Record<string, (faker: Faker) => string> = {
  email: (f) => f.internet.email(),
  'idn-email': (f) => f.internet.email(),
  uuid: (f) => f.string.uuid(),
  'date-time': (f) => f.date.recent({ days: 30 }).toISOString(),
  date: (f) => f.date.recent({ days: 30 }).toISOString().slice(0, 10),
  time: (f) => f.date.recent({ days: 30 }).toISOString().slice(11, 19),
  uri: (f) => f.internet.url(),
  'uri-reference': (f) => f.internet.url(),
  url: (f) => f.internet.url(),
  hostname: (f) => f.internet.domainName(),
  ipv4: (f) => f.internet.ipv4(),
  ipv6: (f) => f.internet.ipv6(),
};

/**
 * faker's pattern generator, only for a short pattern whose `{n}` / `{n,m}` repetitions are small: it
 * generates (it never matches), so the work is bounded by the repetitions it writes out.
 */
function fromPattern(faker: Faker, pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN) return undefined;
  let number = '';
  for (const c of pattern) {
    if (c >= '0' && c <= '9') {
      number += c;
      if (Number(number) > MAX_REPEAT) return undefined;
    } else number = '';
  }
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  try {
    return faker.helpers.fromRegExp(body);
  } catch {
    return undefined;
  }
}

function arrayOf(faker: Faker, node: Node, root: Node, name: string | undefined, depth: number): unknown[] {
  const prefix = Array.isArray(node.prefixItems)
    ? (node.prefixItems as Schema[])
    : Array.isArray(node.items)
      ? (node.items as Schema[])
      : [];
  const items = !Array.isArray(node.items) && node.items !== undefined ? (node.items as Schema) : undefined;
  const minItems = typeof node.minItems === 'number' ? node.minItems : 0;
  const maxItems = typeof node.maxItems === 'number' ? node.maxItems : minItems + 3;
  const wanted =
    depth < SHALLOW_DEPTH
      ? faker.number.int({
          min: Math.max(minItems, 1),
          max: Math.max(minItems, 1, Math.min(maxItems, minItems + 3)),
        })
      : minItems;
  const count = Math.min(
    Math.max(wanted, minItems),
    maxItems,
    items ? Number.POSITIVE_INFINITY : prefix.length,
  );
  return Array.from({ length: count }, (_, i) =>
    value(faker, prefix[i] ?? items ?? true, root, name, depth + 1),
  );
}

function objectOf(faker: Faker, node: Node, root: Node, depth: number): Node {
  const properties = (node.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
  const out: Node = {};
  for (const [key, schema] of Object.entries(properties)) {
    const wanted = required.has(key) || (depth < SHALLOW_DEPTH && faker.number.float() < OPTIONAL_SHARE);
    if (wanted) out[key] = value(faker, schema, root, key, depth + 1);
  }
  for (const key of required) {
    if (!(key in out)) out[key] = plainValue(faker, 'string');
  }
  return out;
}
