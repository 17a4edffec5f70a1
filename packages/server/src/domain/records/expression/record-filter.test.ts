import { describe, expect, it } from 'vitest';
import type { RawRecord } from '../../../kafka/fetch/types.ts';
import { AppError } from '../../../platform/errors.ts';
import { MaskedRecord } from '../../masking/masked-record.ts';
import { DecodedRecord } from '../decode/decoded-record.ts';
import { compileFilter } from './record-filter.ts';

const TOPIC = 'orders';

function view(value: string | null, options: Partial<RawRecord> & { headerPairs?: [string, string][] } = {}) {
  const raw: RawRecord = {
    partition: options.partition ?? 0,
    offset: options.offset ?? 7,
    timestamp: options.timestamp ?? Date.parse('2026-03-01T10:00:00Z'),
    key: options.key ?? Buffer.from('k-1'),
    value: value === null ? null : Buffer.from(value),
    headers: (options.headerPairs ?? []).map(([k, v]) => [Buffer.from(k), Buffer.from(v)]),
  };
  return new MaskedRecord(
    new DecodedRecord(raw, { topic: TOPIC, schemas: undefined, detectSchemas: true }),
    undefined,
  );
}

const matches = (expression: string, record: MaskedRecord) =>
  compileFilter(expression, 'filter').test(record, TOPIC);

const failed = JSON.stringify({ status: 'FAILED', amount: 150, customer: { email: 'a@example.com' } });

describe('the examples offered under the filter box', () => {
  it('value fields with && and a number compared to an int', () => {
    const expression = 'value.status == "FAILED" && value.amount > 100';
    expect(matches(expression, view(failed))).toBe(true);
    expect(matches(expression, view(JSON.stringify({ status: 'FAILED', amount: 99.5 })))).toBe(false);
    expect(matches(expression, view(JSON.stringify({ status: 'OK', amount: 500 })))).toBe(false);
  });

  it('a header by name with a string method', () => {
    const expression = 'headers["trace-id"].startsWith("ab")';
    expect(matches(expression, view('x', { headerPairs: [['trace-id', 'abc123']] }))).toBe(true);
    expect(matches(expression, view('x', { headerPairs: [['trace-id', 'zz']] }))).toBe(false);
  });

  it('the timestamp against a timestamp literal', () => {
    const expression = 'timestamp > timestamp("2026-01-01T00:00:00Z")';
    expect(matches(expression, view('x'))).toBe(true);
    expect(matches(expression, view('x', { timestamp: Date.parse('2025-12-31T23:59:59Z') }))).toBe(false);
  });

  it('has() on a nested field', () => {
    const expression = 'has(value.customer.email)';
    expect(matches(expression, view(failed))).toBe(true);
    expect(matches(expression, view(JSON.stringify({ customer: { phone: '1' } })))).toBe(false);
  });
});

describe('the variables', () => {
  it('key, topic, partition, offset, size and schema ids', () => {
    const record = view('hello', { partition: 2, offset: 41, headerPairs: [['h', 'v']] });
    expect(matches('key == "k-1" && topic == "orders" && partition == 2 && offset == 41', record)).toBe(true);
    expect(matches('size == 3 + 5 + 1 + 1', record)).toBe(true);
    expect(matches('keySchemaId == null && valueSchemaId == null', record)).toBe(true);
  });

  it('value is the text when it is not JSON, null for a tombstone', () => {
    expect(matches('value.startsWith("plain")', view('plain text {'))).toBe(true);
    expect(matches('value == null', view(null))).toBe(true);
    expect(matches('value == 42', view('42'))).toBe(true);
  });

  it('reads JSON objects whose own keys hide constructor', () => {
    expect(matches('value.constructor == 1', view('{"constructor":1}'))).toBe(true);
  });

  it('comprehensions over JSON lists', () => {
    const record = view(JSON.stringify({ items: [{ sku: 'a' }, { sku: 'b' }] }));
    expect(matches('value.items.exists(i, i.sku == "b")', record)).toBe(true);
    expect(matches('value.items.all(i, i.sku == "b")', record)).toBe(false);
  });
});

describe('failures', () => {
  it('a record the expression fails on does not match and is counted once with the first message', () => {
    // Arithmetic: no prefilter reads it, every record is evaluated.
    const filter = compileFilter('value.amount + 1.0 > 101.0', 'filter');
    expect(filter.test(view('{"other":1}', { offset: 3 }), TOPIC)).toBe(false);
    expect(filter.test(view('{"other":2}', { offset: 4 }), TOPIC)).toBe(false);
    expect(filter.test(view(failed), TOPIC)).toBe(true);
    expect(filter.report()).toEqual({
      count: 2,
      message: expect.stringMatching(/^partition 0 offset 3: .*amount/),
    });
  });

  it('rules out on the text, before parsing, what cannot make a literal comparison true', () => {
    const filter = compileFilter('value.status == "FAILED" || key.startsWith("vip-")', 'filter');
    // No `FAILED` in the text, no `vip-` key: not evaluated, so the missing status is no failure.
    expect(filter.test(view('{"other":1}'), TOPIC)).toBe(false);
    expect(filter.report()).toBeUndefined();
    expect(filter.test(view('{"status":"FAILED"}'), TOPIC)).toBe(true);
    // CEL's `||` is true when either side is, even when the other fails.
    expect(filter.test(view('{"other":1}', { key: Buffer.from('vip-1') }), TOPIC)).toBe(true);
    expect(filter.report()).toBeUndefined();
    // A JSON escape spells FAILED without the literal: the backslash sends the record to evaluation.
    expect(filter.test(view(String.raw`{"status":"FAIL\u0045D"}`), TOPIC)).toBe(true);
  });

  it('nothing to report when every evaluation succeeded', () => {
    const filter = compileFilter('true', 'filter');
    expect(filter.test(view('x'), TOPIC)).toBe(true);
    expect(filter.report()).toBeUndefined();
  });
});

describe('invalid expressions are a 400 naming the position', () => {
  const message = (expression: string) => {
    try {
      compileFilter(expression, 'querystring.filter');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).message;
    }
    throw new Error(`${expression} compiled`);
  };

  it('a syntax error', () => {
    expect(message('value.x(')).toMatch(/^querystring\.filter: line 1, column \d+: /);
  });

  it('an unknown function or name, such as the clock', () => {
    expect(message('now() > timestamp("2026-01-01T00:00:00Z")')).toBe(
      "querystring.filter: line 1, column 1: unknown function 'now'",
    );
    expect(message('key == "a" &&\n  vaule.x == 1')).toMatch(/line 2, column 3: unknown name 'vaule'/);
  });

  it('too big or too deep', () => {
    expect(message(Array.from({ length: 300 }, (_, i) => `offset == ${i}`).join(' || '))).toMatch(
      /longer than/,
    );
    expect(message(`${'1 + ('.repeat(60)}1${')'.repeat(60)} > 0`)).toMatch(/nested deeper than 48/);
    expect(message(`${'('.repeat(1999)}1`)).toMatch(/^querystring\.filter: /);
    expect(message('[1].exists(a, [1].exists(b, [1].exists(c, true)))')).toMatch(/comprehensions nested/);
    expect(message('google.protobuf.Timestamp{seconds: 1} == timestamp')).toMatch(/not supported|unknown/);
  });
});

describe('each evaluation is bounded', () => {
  it('comprehension steps are counted', () => {
    const list = `[${Array.from({ length: 120 }, (_, i) => i).join(',')}]`;
    const filter = compileFilter(`${list}.all(x, ${list}.all(y, true))`, 'filter');
    expect(filter.test(view('x'), TOPIC)).toBe(false);
    expect(filter.report()?.message).toMatch(/more than 5000 comprehension steps|took more than 50 ms/);
  });

  it('matches() reads a bounded input, in linear time', () => {
    const big = 'a'.repeat(20_000);
    const filter = compileFilter('value.matches("(a|aa)*c")', 'filter');
    expect(filter.test(view(big), TOPIC)).toBe(false);
    expect(filter.report()?.message).toMatch(/matches\(\) on more than 16384 characters/);
    expect(matches('value.matches("^(a|aa)*$")', view('a'.repeat(5000)))).toBe(true);
  });
});

describe('fast paths give what evaluating every record gives', () => {
  const tricky = [
    '{"amount": 150}',
    '{"amount":"150"}',
    '{"amount": 1.5e2}',
    '{"am\\u006funt": 150}',
    '{"amount" :\n 150.5, "x": 1}',
    '{"x": {"amount": 150}}',
    '{"amount": 50, "amount": 150}',
    '{"amount": 150, "amount": 50}',
    '{"note": "\\"amount\\": 999"}',
    '{"amount": -0}',
    '{"amount": 100}',
    '{"amount": 12345678901234567890}',
    '{"amount": [150]}',
    '{"amount": null}',
    '{"amount": true}',
    '{"amount": 150',
    'amount: 150',
    '"amount": 150',
    '150',
    '{"customer":"no-such-customer"}',
    '{"customer":"no-such-customer-2"}',
    '{"customer":"no-such-\\u0063ustomer"}',
    '{"constructor": 150, "amount": 150}',
  ];
  // Each pair: an expression a prefilter reads, and the same test written so that none can.
  it.each([
    ['value.amount > 100', '(value.amount > 100) == true'],
    ['100 < value.amount', '(100 < value.amount) == true'],
    ['value.amount >= 100', '(value.amount >= 100) == true'],
    ['value.amount <= 100.0', '(value.amount <= 100.0) == true'],
    ['value.amount == 150', '(value.amount == 150) == true'],
    ['value.amount == 150u', '(value.amount == 150u) == true'],
    ['value.x.amount > 100', '(value.x.amount > 100) == true'],
    ['value.customer == "no-such-customer"', '(value.customer == "no-such-customer") == true'],
    ['value.amount > 100 && value.amount < 200', '(value.amount > 100 && value.amount < 200) == true'],
    ['value.amount > 100 || value.amount == -0', '(value.amount > 100 || value.amount == -0) == true'],
  ])('%s', (fast, slow) => {
    for (const value of tricky)
      expect({ value, match: matches(fast, view(value)) }).toEqual({
        value,
        match: matches(slow, view(value)),
      });
  });

  it('rules a record out before parsing its JSON', () => {
    const filter = compileFilter('value.amount > 5000', 'filter');
    // Not JSON past the member: were it parsed, the failure would be counted.
    expect(filter.test(view('{"amount": 12, broken'), TOPIC)).toBe(false);
    expect(filter.report()).toBeUndefined();
    expect(filter.test(view('{"amount": 6000, broken'), TOPIC)).toBe(false);
    expect(filter.report()?.count).toBe(1);
  });
});
