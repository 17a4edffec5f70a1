import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import wabt from 'wabt';
import { random } from '../../../../test-support/random.ts';
import { MaskedRecord } from '../../../masking/masked-record.ts';
import { DecodedRecord } from '../../decode/decoded-record.ts';
import { parseFilter, passes, type SearchFilter } from '../filters.ts';
import { BYTE_SCREEN_MODULE_BASE64, MAX_SET_BYTES } from './byte-screen.ts';
import { byteScreenOf } from './byte-search.ts';

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

  it('is byte-screen.wat as compiled by wabt', async () => {
    const tools = await wabt();
    const source = readFileSync(new URL('./byte-screen.wat', import.meta.url), 'utf8');
    const module = tools.parseWat('byte-screen.wat', source, { simd: true });
    expect(Buffer.from(module.toBinary({}).buffer).toString('base64')).toBe(BYTE_SCREEN_MODULE_BASE64);
  });

  /** The answer the screen must give: no term in the bytes folded to lower case, and all bytes ASCII. */
  const expected = (terms: string[], bytes: Buffer) =>
    bytes.every((b) => b < 0x80) && !terms.some((t) => bytes.toString('latin1').toLowerCase().includes(t));

  it('agrees with a plain search on generated values of every length around its 16- and 64-byte steps', () => {
    const r = random(11);
    // Letters of both cases, the bytes next to them that A-Z folding must not confuse, and bytes from 0x80.
    const alphabet = ['a', 'B', 'n', 'N', '@', '[', '`', '{', '-', '_', ' ', 'x', '0'];
    const text = (length: number) => Array.from({ length }, () => r.pick(alphabet)).join('');
    let absent = 0;
    let found = 0;
    for (let round = 0; round < 3_000; round++) {
      const terms = Array.from({ length: 1 + r.int(2) }, () =>
        text(1 + r.int(r.int(4) === 0 ? 70 : 5)).toLowerCase(),
      );
      const screen = byteScreenOf(terms);
      let value = text(r.int(200));
      // Often the term itself, in some case, at any place (the first and last positions included).
      if (r.int(3) === 0) {
        const at = r.int(value.length + 1);
        const term = r.pick(terms);
        const cased = [...term].map((c) => (r.int(2) ? c.toUpperCase() : c)).join('');
        value = value.slice(0, at) + cased + value.slice(at);
      }
      const bytes = Buffer.from(value, 'latin1');
      if (r.int(8) === 0) bytes[r.int(bytes.length)] = 0x80 + r.int(128);
      const want = expected(terms, bytes);
      expect(screen?.(bytes), `${JSON.stringify(terms)} in ${JSON.stringify(value)}`).toBe(want);
      // The same bytes inside a record set, tested where they lie.
      const before = r.int(40);
      const set = Buffer.concat([Buffer.alloc(before, 0xff), bytes, Buffer.alloc(r.int(40), 0xff)]);
      expect(screen?.within(set, before, bytes.length), `within: ${JSON.stringify(value)}`).toBe(want);
      // And as a view of that set, as the filters read a record's value again.
      const view = set.subarray(before, before + bytes.length);
      expect(screen?.(view), `view: ${JSON.stringify(value)}`).toBe(want);
      if (want) absent++;
      else found++;
    }
    expect(absent).toBeGreaterThan(500);
    expect(found).toBeGreaterThan(500);
  });

  it('tests the records of a set where they lie, and a new set or a lone value in its place', () => {
    const screen = byteScreenOf(['needle']);
    const first = Buffer.from('xx needle xx plain xx');
    const second = Buffer.from('xx plain xx NEEDLE xx');
    expect(screen?.within(first, 3, 6)).toBe(false);
    expect(screen?.within(first, 13, 5)).toBe(true);
    expect(screen?.within(second, 3, 5)).toBe(true);
    expect(screen?.within(second, 12, 6)).toBe(false);
    expect(screen?.(Buffer.from('plain'))).toBe(true);
    expect(screen?.within(first, 3, 6)).toBe(false);
    // A set moved away and back comes as another buffer over the same bytes: read again, same answers.
    expect(screen?.within(Buffer.from(first), 13, 5)).toBe(true);
    // Small buffers share Node's pool: a view of another one is copied in, not read from the set's place.
    expect(first.buffer).toBe(second.buffer);
    expect(screen?.within(first, 3, 6)).toBe(false);
    expect(screen?.(second.subarray(12, 18))).toBe(false);
    expect(screen?.(second.subarray(3, 8))).toBe(true);
  });

  it('copies a set larger than it holds value by value', () => {
    const screen = byteScreenOf(['needle']);
    const set = Buffer.alloc(MAX_SET_BYTES + 100, 0x78);
    set.write('Needle', MAX_SET_BYTES + 10, 'latin1');
    expect(screen?.within(set, MAX_SET_BYTES, 50)).toBe(false);
    expect(screen?.within(set, 0, 50)).toBe(true);
  });
});
