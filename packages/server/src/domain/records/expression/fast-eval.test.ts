import { celEnv, isCelError, parse, plan } from '@bufbuild/cel';
import type { Expr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { describe, expect, it } from 'vitest';
import type { RawRecord } from '../../../kafka/fetch/types.ts';
import { type Random, random } from '../../../test-support/random.ts';
import { MaskedRecord } from '../../masking/masked-record.ts';
import { DecodedRecord } from '../decode/decoded-record.ts';
import { RecordBindings } from './bindings.ts';
import { fastEvaluator, UNDECIDED } from './fast-eval.ts';
import { Meter } from './meter.ts';
import { prefilterOf } from './prefilter.ts';
import { compileFilter, RecordFilter } from './record-filter.ts';

const TOPIC = 'orders';

/** Member values of every type a JSON value brings, and the edges of CEL's numbers. */
const MEMBER_VALUES: unknown[] = [
  0,
  -0,
  1,
  7,
  150,
  -3,
  1.5,
  99.5,
  5000,
  1e300,
  2 ** 63,
  -(2 ** 63),
  2 ** 53 + 2,
  '',
  'a',
  'FAILED',
  'customer-5',
  'é😀',
  '😀',
  '\uffff',
  true,
  false,
  null,
  [],
  [1, 'a'],
  [{ constructor: 1 }],
  {},
  { x: 1, y: 'b' },
  { x: { z: true } },
];
const FIELDS = ['amount', 'status', 'name', 'flag', 'nested', 'items', 'constructor', 'missing'];

function jsonValue(r: Random): string {
  const roll = r.int(10);
  if (roll === 0) return r.pick(['plain text', '42', '"a string"', '[1,2]', 'null', '{"amount":']);
  const object: Record<string, unknown> = {};
  for (const field of FIELDS) if (r.int(3) > 0) object[field] = r.pick(MEMBER_VALUES);
  return JSON.stringify(object);
}

function view(r: Random): MaskedRecord {
  const headers: [Buffer, Buffer][] = [];
  if (r.int(2)) headers.push([Buffer.from('h'), Buffer.from(r.pick(['abc', '', 'zz']))]);
  const raw: RawRecord = {
    partition: r.int(3),
    offset: r.pick([0, 7, 41, 2 ** 40]),
    timestamp: 1_700_000_000_000,
    key: r.int(5) === 0 ? null : Buffer.from(r.pick(['k-1', 'order-7', '', 'é'])),
    value: r.int(12) === 0 ? null : Buffer.from(jsonValue(r)),
    headers,
  };
  return new MaskedRecord(
    new DecodedRecord(raw, { topic: TOPIC, schemas: undefined, detectSchemas: true }),
    undefined,
  );
}

const ATOMS = [
  'value.amount',
  'value.status',
  'value.name',
  'value.flag',
  'value.nested',
  'value.nested.x',
  'value.nested.x.z',
  'value.items',
  'value["constructor"]',
  'value.missing',
  'value',
  'key',
  'topic',
  'offset',
  'partition',
  'size',
  'headers["h"]',
  'headers.h',
  'keySchemaId',
  '1',
  '-3',
  '0',
  '150',
  '9223372036854775807',
  '1.5',
  '-0.0',
  '100.0',
  '"a"',
  '"FAILED"',
  '""',
  '"é"',
  'true',
  'false',
  'null',
  '1u',
  '[1]',
];
const NUMERIC = [
  'value.amount',
  'offset',
  'partition',
  'size',
  'value.amount * 2.0',
  'offset + 1',
  'value.nested.x',
];
const NUMBERS = ['0', '1', '7', '100', '1.5', '-3.0', '5000.0', '1e300'];
const TEXTS = ['value.status', 'value.name', 'key', 'topic', 'headers["h"]', 'value.status + key'];
const COMPARISONS = ['==', '!=', '<', '<=', '>', '>='];
const BINARY = ['==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/', '%', '&&', '||'];

/** An expression of the shapes filters take, most inside the fast evaluation's cases, some outside. */
function expression(r: Random, depth: number): string {
  if (depth === 0 || r.int(4) === 0) return r.pick(ATOMS);
  const a = () => expression(r, depth - 1);
  switch (r.int(15)) {
    case 0:
      return `!(${a()})`;
    case 1:
      return `-(${a()})`;
    case 2:
      return `(${a()}) ? (${a()}) : (${a()})`;
    case 3:
      return `has(value.${r.pick(FIELDS)})`;
    case 4:
      return `(${a()}).${r.pick(['startsWith', 'endsWith', 'contains'])}(${a()})`;
    case 5:
      return r.int(2) ? `size(${a()})` : `(${a()}).size()`;
    case 6:
      return `(${a()}).matches("^a")`;
    case 7:
    case 8:
      return `${r.pick(NUMERIC)} ${r.pick(COMPARISONS)} ${r.pick(NUMBERS)}`;
    case 10:
      return `(${a()}) in [${r.pick(ATOMS)}, ${r.pick(ATOMS)}]`;
    case 9:
      return `${r.pick(TEXTS)} ${r.pick(COMPARISONS)} ${r.pick(['"a"', '"FAILED"', '"k-1"', '""', '"é"'])}`;
    default:
      return `(${a()}) ${r.pick(BINARY)} (${a()})`;
  }
}

const library = (text: string) => plan(celEnv(), parse(text).expr);

describe('the fast evaluation against @bufbuild/cel', () => {
  it('decides a record only as the library evaluates it, over 4,000 generated expressions', {
    timeout: 60_000,
  }, () => {
    const r = random(39);
    const outcomes = { true: 0, false: 0, undecided: 0, noFastPath: 0, libraryErrors: 0 };
    for (let i = 0; i < 4000; i++) {
      const text = expression(r, 1 + r.int(4));
      const expr = parse(text).expr;
      const fast = expr && fastEvaluator(expr);
      const evaluate = library(text);
      if (!fast) outcomes.noFastPath++;
      for (let k = 0; k < 8; k++) {
        const record = view(r);
        const expected = evaluate(new RecordBindings(record, TOPIC) as never);
        if (isCelError(expected)) outcomes.libraryErrors++;
        if (!fast) continue;
        const decided = fast(new RecordBindings(record, TOPIC));
        if (decided === UNDECIDED) {
          outcomes.undecided++;
          continue;
        }
        outcomes[decided ? 'true' : 'false']++;
        if (decided !== expected)
          expect({ text, value: record.raw.value?.toString(), decided }).toEqual(expected);
      }
    }
    // Both answers and the hand-over are all well represented: the comparison is not vacuous.
    expect(outcomes.true).toBeGreaterThan(1500);
    expect(outcomes.false).toBeGreaterThan(1500);
    expect(outcomes.undecided).toBeGreaterThan(1500);
    expect(outcomes.noFastPath).toBeGreaterThan(300);
    expect(outcomes.libraryErrors).toBeGreaterThan(3000);
  });

  it('a filter matches, counts failures and keeps the first message as the library alone does', () => {
    const r = random(7);
    const facts = { uses: new Set<never>(), comprehensions: 0, matches: false };
    for (let i = 0; i < 400; i++) {
      const text = expression(r, 1 + r.int(3));
      const filter = compileFilter(text, 'filter');
      const expr = parse(text).expr as Expr;
      const alone = new RecordFilter(plan(celEnv(), expr) as never, new Meter(), facts, prefilterOf(expr));
      for (let k = 0; k < 10; k++) {
        const record = view(r);
        expect(filter.test(record, TOPIC), text).toBe(alone.test(record, TOPIC));
      }
      expect(filter.report(), text).toEqual(alone.report());
    }
  });

  it('takes the common filter shapes and leaves the rest to the library', () => {
    const fast = (text: string) => {
      const expr = parse(text).expr;
      return expr && fastEvaluator(expr);
    };
    for (const text of [
      'value.amount + 1.0 > 5001.0',
      'value.status == "FAILED" && value.amount > 100',
      'headers["trace-id"].startsWith("ab")',
      'has(value.customer.email) || key.contains("x")',
      'offset % 2 == 0 ? partition == 1 : size(key) > 3',
      'value.status in ["FAILED", "LOST"]',
    ])
      expect(fast(text), text).toBeDefined();
    for (const text of [
      'value.items.exists(i, i > 1)',
      'value.name.matches("^a")',
      'timestamp > timestamp("2026-01-01T00:00:00Z")',
      'type(value) == map',
      'value.amount in value.items',
      'value.count == 1u',
    ])
      expect(fast(text), text).toBeUndefined();
  });

  it('hands a record to the library at a missing member, a type mismatch, an overflow or a division by zero', () => {
    const r = random(1);
    const record = (value: object) => {
      const v = view(r);
      const raw = { ...v.raw, value: Buffer.from(JSON.stringify(value)) };
      return new RecordBindings(
        new MaskedRecord(
          new DecodedRecord(raw, { topic: TOPIC, schemas: undefined, detectSchemas: true }),
          undefined,
        ),
        TOPIC,
      );
    };
    const decide = (text: string, value: object) => {
      const expr = parse(text).expr;
      return expr && fastEvaluator(expr)?.(record(value));
    };
    expect(decide('value.amount > 1', { amount: 2 })).toBe(true);
    expect(decide('size(value.name) == 2 && value.name.size() == 2', { name: 'é😀' })).toBe(true);
    expect(decide('value.amount > 1', { total: 2 })).toBe(UNDECIDED);
    expect(decide('value.amount + 1 > 1', { amount: 2 })).toBe(UNDECIDED);
    expect(decide('9223372036854775807 + offset > 1', {})).toBe(UNDECIDED);
    expect(decide('offset / 0 == 1', {})).toBe(UNDECIDED);
    expect(decide('value.amount / 0.0 > 1.0', { amount: 2 })).toBe(true);
    expect(decide('value.missing > 1 || value.amount == 2', { amount: 2 })).toBe(true);
    expect(decide('value.missing > 1 && value.amount == 3', { amount: 2 })).toBe(false);
    expect(decide('value.missing > 1 && value.amount == 2', { amount: 2 })).toBe(UNDECIDED);
    expect(decide('value.status in ["A", 1]', { status: 'A' })).toBe(true);
    expect(decide('value.status in ["A", value.missing]', { status: 'A' })).toBe(UNDECIDED);
  });
});
