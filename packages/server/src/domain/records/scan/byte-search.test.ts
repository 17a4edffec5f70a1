import { describe, expect, it } from 'vitest';
import { MaskedRecord } from '../../masking/masked-record.ts';
import { DecodedRecord } from '../decode/decoded-record.ts';
import { byteScreenOf } from './byte-search.ts';
import { parseFilter, passes, type SearchFilter } from './filters.ts';

const context = { topic: 't', schemas: undefined, detectSchemas: true };
const view = (value: Buffer | null) =>
  new MaskedRecord(
    new DecodedRecord({ partition: 0, offset: 0, timestamp: 0, key: null, value, headers: [] }, context),
    undefined,
  );

/** The answer of the text path alone: the filter without its byte screen. */
const bySlowPath = (filter: SearchFilter, value: Buffer | null) => {
  const { bytes: _unused, ...slow } = filter;
  return passes(view(value), { searchByValue: slow }, undefined);
};

const values: Buffer[] = [
  Buffer.from('{"id":1,"customer":"customer-1","note":"no such thing"}'),
  Buffer.from('{"NOTE":"No-Such-NEEDLE here"}'),
  Buffer.from('needle at the end: no-such-needle'),
  Buffer.from('no-such-needle'),
  Buffer.from('no-such-needl'),
  // U+212A KELVIN SIGN and U+017F LATIN SMALL LETTER LONG S match k and s ignoring case (Unicode folding).
  Buffer.from('\u212Aafka and no-\u017Fuch-needle'),
  Buffer.from('caf\u00e9 kafka'),
  // Not UTF-8: shown (and searched) as base64.
  Buffer.from([0xff, 0xfe, 0xfd, 0x00, 0x41]),
  Buffer.from([0xff, 0xfe, 0x6b, 0x61, 0x66, 0x6b, 0x61]),
  Buffer.alloc(0),
];

describe('byte screen of a search', () => {
  it.each([
    'no-such-needle_C',
    'no-such-needle_N',
    'kafka_C',
    'KAFKA_N',
    'ka_C',
    'x_C',
    '"no such"_C',
    'needle thing_C',
    '__C',
    '/v3+_C',
    `${'long-term-'.repeat(5)}_C`,
  ])('never changes which records %s matches', (text) => {
    const filter = parseFilter(text) as SearchFilter;
    expect(filter.bytes).toBeDefined();
    for (const value of [...values, null]) {
      expect(passes(view(value), { searchByValue: filter }, undefined), String(value)).toBe(
        bySlowPath(filter, value),
      );
    }
  });

  it('says a term is absent only from all-ASCII bytes', () => {
    const screen = byteScreenOf(['kafka']);
    expect(screen?.(Buffer.from('no such word'))).toBe(true);
    expect(screen?.(Buffer.from('KaFkA streams'))).toBe(false);
    // U+212A could be a K: not known from the bytes.
    expect(screen?.(Buffer.from('\u212Aafka'))).toBe(false);
    expect(screen?.(Buffer.from([0xff, 0x00]))).toBe(false);
  });

  it('is not made for terms outside ASCII, equality or the literal null', () => {
    expect(parseFilter('café_C')?.bytes).toBeUndefined();
    expect(parseFilter('abc_E')?.bytes).toBeUndefined();
    expect(parseFilter('null_C')?.bytes).toBeUndefined();
  });

  it('finds terms wherever they are, any case, in long values', () => {
    const screen = byteScreenOf(['order-42', 'refund']);
    const filler = 'x'.repeat(5000);
    expect(screen?.(Buffer.from(`${filler}ORDER-42${filler}`))).toBe(false);
    expect(screen?.(Buffer.from(`Refund${filler}`))).toBe(false);
    expect(screen?.(Buffer.from(`${filler}order-4${filler}refun`))).toBe(true);
  });

  it('agrees with a plain case-insensitive search on terms with repeated letters', () => {
    // A small alphabet makes near matches and overlapping repeats common: where the skips could go wrong.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const text = (length: number) => Array.from({ length }, () => 'abAB-'[next() % 5]).join('');
    for (let round = 0; round < 500; round++) {
      const term = text(1 + (next() % 5)).toLowerCase();
      const screen = byteScreenOf([term]);
      const value = text(next() % 40);
      expect(screen?.(Buffer.from(value)), `${term} in ${value}`).toBe(!value.toLowerCase().includes(term));
    }
  });
});
