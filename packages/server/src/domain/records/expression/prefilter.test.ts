import { parse } from '@bufbuild/cel';
import { describe, expect, it } from 'vitest';
import { type Random, random } from '../../../test-support/random.ts';
import { MaskedRecord } from '../../masking/masked-record.ts';
import { DecodedRecord } from '../decode/decoded-record.ts';
import { prefilterOf } from './prefilter.ts';

const SPACES = ['', ' ', '  ', '\n', '\t', '\r\n'];
const NUMBER_TOKENS = [
  '0',
  '-0',
  '7',
  '012',
  '5000',
  '5001',
  '-5001',
  '5000.5',
  '1.',
  '1.e5',
  '1e',
  '1e4',
  '1E+4',
  '6e-1',
  '-',
  '99999999999999999999999',
  '5e3',
  '5.000001e3',
];
const STRINGS = ['"a"', '"é"', '"😀"', '"no-such-customer"', '"x\\"y"', '"amount"', '"\\u0061mount"', '""'];

/** A JSON-like text with `amount` and `customer` members spaced and written many ways, valid or not. */
function text(r: Random): string {
  const member = (name: string, value: string) =>
    `"${name}"${r.pick(SPACES)}${r.pick([':', ':', ';', ''])}${r.pick(SPACES)}${value}`;
  const members: string[] = [];
  for (let i = 0; i < 1 + r.int(4); i++) {
    const name = r.pick(['amount', 'customer', 'note', 'amounts', 'é']);
    members.push(member(name, r.int(2) ? r.pick(NUMBER_TOKENS) : r.pick(STRINGS)));
  }
  return `{${members.join(',')}}`;
}

function view(r: Random): MaskedRecord {
  let value = Buffer.from(text(r));
  // Some values are not UTF-8: their text is base64 (decode.ts), read from the text.
  if (r.int(10) === 0) value = Buffer.concat([value, Buffer.from([0xc3])]);
  const raw = { partition: 0, offset: 1, timestamp: 0, key: null, value, headers: [] };
  return new MaskedRecord(
    new DecodedRecord(raw, { topic: 't', schemas: undefined, detectSchemas: true }),
    undefined,
  );
}

/** The same record as a viewer whose bytes are not readable as its text (a mask): the check reads the text. */
const textOnly = (v: MaskedRecord) => ({ plainBytes: () => undefined, value: v.value, key: v.key }) as never;

const EXPRESSIONS = [
  'value.amount > 5000',
  'value.amount >= 5000.5',
  'value.amount == 7',
  'value.amount < -5000',
  '5000 < value.amount',
  'value.amount == 0',
  'value.amount <= 1',
  'value.customer == "no-such-customer"',
  'value.customer == "é"',
  'value.customer.startsWith("😀")',
  'value.note.contains("")',
  'value.amount > 5000 || value.customer == "a"',
];

describe('the prefilter over the bytes', () => {
  it('rules a record out exactly when the text check does, over generated values', () => {
    const r = random(5);
    let ruledOut = 0;
    let passed = 0;
    const prefilters = EXPRESSIONS.map((expression) => {
      const prefilter = prefilterOf(parse(expression).expr);
      if (!prefilter) throw new Error(`no prefilter for ${expression}`);
      return [expression, prefilter] as const;
    });
    for (let i = 0; i < 3000; i++) {
      const record = view(r);
      for (const [expression, prefilter] of prefilters) {
        const fromBytes = prefilter(record);
        expect(fromBytes, `${expression} on ${record.value.text}`).toBe(prefilter(textOnly(record)));
        if (fromBytes) passed++;
        else ruledOut++;
      }
    }
    expect(ruledOut).toBeGreaterThan(5000);
    expect(passed).toBeGreaterThan(5000);
  });
});
