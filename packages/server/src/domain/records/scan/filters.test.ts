import { createRecordsBatch, type MessageRecord } from '@platformatic/kafka';
import { describe, expect, it } from 'vitest';
import { readRecordBatches } from '../../../kafka/fetch/batches/record-batches.ts';
import { frame } from '../decode/wire.ts';
import { matches, parseFilter, parseFilters, rawRejector, splitTerms } from './filters.ts';

describe('parseFilter', () => {
  it('reads the type after the last underscore', () => {
    expect(parseFilter('order_42_E')).toMatchObject({ type: 'E', terms: ['order_42'], isNull: false });
    expect(parseFilter('abc_n')).toMatchObject({ type: 'N', terms: ['abc'], isNull: false });
    expect(parseFilter('abc_C')).toMatchObject({ type: 'C', terms: ['abc'], isNull: false });
  });

  it('defaults to contains on the whole text', () => {
    expect(parseFilter('abc')).toMatchObject({ type: 'C', terms: ['abc'], isNull: false });
    expect(parseFilter('_x')).toMatchObject({ type: 'C', terms: ['_x'], isNull: false });
    expect(parseFilter('foo_bar')).toMatchObject({ type: 'C', terms: ['foo_bar'], isNull: false });
  });

  it('is absent for empty text', () => {
    expect(parseFilter(undefined)).toBeUndefined();
    expect(parseFilter('')).toBeUndefined();
    expect(parseFilter('  _C')).toBeUndefined();
    expect(parseFilter('_E')).toBeUndefined();
    expect(parseFilters({ searchByKey: '_C', searchByValue: 'x_N' })).toMatchObject({
      searchByValue: { type: 'N', terms: ['x'], isNull: false },
    });
    expect(Object.keys(parseFilters({ searchByKey: '_C', searchByValue: 'x_N' }))).toEqual(['searchByValue']);
  });

  it('knows the literal null', () => {
    expect(parseFilter('NULL_E')?.isNull).toBe(true);
  });
});

describe('splitTerms', () => {
  it('splits on whitespace outside double quotes, lowercased', () => {
    expect(splitTerms('Foo  bar\tBAZ')).toEqual(['foo', 'bar', 'baz']);
    expect(splitTerms('"hello world" x')).toEqual(['hello world', 'x']);
    expect(splitTerms('a"b c"d')).toEqual(['ab cd']);
    expect(splitTerms('""')).toEqual([]);
  });

  it('reads \\" as a literal quote and keeps every other backslash', () => {
    expect(splitTerms('say \\"hi\\"')).toEqual(['say', '"hi"']);
    expect(splitTerms('\\"status\\":\\"FAILED\\"')).toEqual(['"status":"failed"']);
    expect(splitTerms('"\\"a b\\""')).toEqual(['"a b"']);
    expect(splitTerms('C:\\temp a\\\\b')).toEqual(['c:\\temp', 'a\\\\b']);
    // A backslash before the escape is itself kept: `\\\"` is a backslash then a quote.
    expect(splitTerms('\\\\"x y')).toEqual(['\\"x', 'y']);
  });
});

describe('matches', () => {
  const f = (raw: string) => {
    const filter = parseFilter(raw);
    if (!filter) throw new Error('no filter');
    return filter;
  };

  it('contains: any input holds any term, case-insensitively', () => {
    expect(matches(f('RED blue_C'), ['a Blue sky'])).toBe(true);
    expect(matches(f('red blue_C'), ['green'])).toBe(false);
    expect(matches(f('"red sky"_C'), ['a red sky'])).toBe(true);
    expect(matches(f('"red sky"_C'), ['a red blue sky'])).toBe(false);
    expect(matches(f('x_C'), [null])).toBe(false);
    expect(matches(f('x_C'), ['a', 'box'])).toBe(true);
    expect(matches(f('a.b (c)_C'), ['axb'])).toBe(false);
    expect(matches(f('a.b (c)_C'), ['A.B'])).toBe(true);
    expect(matches(f('\\"status\\":\\"FAILED\\"_C'), ['{"id":1,"status":"FAILED"}'])).toBe(true);
    expect(matches(f('\\"status\\":\\"FAILED\\"_C'), ['{"status":"OK","note":"FAILED"}'])).toBe(false);
    expect(matches(f('C:\\temp_C'), ['path C:\\Temp\\x'])).toBe(true);
  });

  it('equals: any input is one of the terms', () => {
    expect(matches(f('k1 k2_E'), ['K2'])).toBe(true);
    expect(matches(f('k1 k2_E'), ['k12'])).toBe(false);
  });

  it('not contains: no input holds any term (AND)', () => {
    expect(matches(f('red blue_N'), ['green'])).toBe(true);
    expect(matches(f('red blue_N'), ['blue'])).toBe(false);
    expect(matches(f('red_N'), ['green', 'red'])).toBe(false);
    expect(matches(f('red_N'), [])).toBe(true);
  });

  it('null asks for absent inputs', () => {
    expect(matches(f('null_E'), [null])).toBe(true);
    expect(matches(f('null_C'), ['x'])).toBe(false);
    expect(matches(f('null_N'), ['x'])).toBe(true);
    expect(matches(f('null_N'), [null])).toBe(false);
  });
});

describe('rawRejector', () => {
  const context = { topic: 't', schemas: undefined, detectSchemas: false };
  const raw = (value: string | null, key: string | null = null) => ({
    partition: 0,
    offset: 0,
    timestamp: 0,
    key: key === null ? null : Buffer.from(key),
    value: value === null ? null : Buffer.from(value),
    headers: [],
  });

  it('rules out a record whose value bytes cannot hold a contains term, and only such records', () => {
    const rejects = rawRejector(parseFilters({ searchByValue: 'Needle_C' }), context, false);
    expect(rejects?.(raw('{"a":"hay"}'))).toBe(true);
    expect(rejects?.(raw('{"a":"a NEEDLE"}'))).toBe(false);
    // Not ASCII: the text may differ from the bytes (a Kelvin sign folds to k), so it is left to the search.
    expect(rejects?.(raw('{"a":"\u212a"}'))).toBe(false);
    expect(rejects?.(raw(null))).toBe(false);
  });

  it('says nothing for a viewer with a mask, a part with a codec, or a not-contains or null search', () => {
    const contains = parseFilters({ searchByValue: 'needle' });
    expect(rawRejector(contains, context, true)).toBeUndefined();
    const codecs = { value: { decode: () => '', format: 'JSON', label: 'x' } } as never;
    expect(rawRejector(contains, { ...context, codecs }, false)).toBeUndefined();
    expect(rawRejector(parseFilters({ searchByValue: 'needle_N' }), context, false)).toBeUndefined();
    expect(rawRejector(parseFilters({ searchByValue: 'null' }), context, false)).toBeUndefined();
    expect(rawRejector(parseFilters({ searchByKey: 'k1' }), context, false)?.(raw('v', 'k2'))).toBe(true);
  });

  it('gives the same answers for records read from batches (tested where they lie) as for their bytes', () => {
    const values: (Buffer | null)[] = [
      Buffer.from('{"a":"hay"}'),
      Buffer.from('{"a":"a NEEDLE"}'),
      Buffer.from('{"a":"\u212a needle"}'),
      Buffer.from('{"a":"\u212a hay"}'),
      Buffer.from([0xff, 0xfe, 0x00]),
      null,
      Buffer.alloc(0),
      // Framed with a schema id: left to the registry's decoding when one is configured.
      frame(7, Buffer.from('hay')),
      frame(7, Buffer.from('needle')),
      Buffer.from([0, 1, 2]),
    ];
    const messages: MessageRecord[] = values.map((value, i) => ({
      topic: 't',
      key: i % 3 === 0 ? undefined : Buffer.from(i % 2 ? `key-${i}` : `NEEDLE-${i}`),
      value: value as Buffer,
    }));
    const registry = { load: async () => undefined } as never;
    for (const compression of ['none', 'gzip'] as const) {
      const set = createRecordsBatch(messages, { compression }).buffer;
      const { records } = readRecordBatches(set, 0, 0, []);
      expect(records).toHaveLength(values.length);
      for (const schemas of [undefined, registry]) {
        for (const query of [
          { searchByValue: 'needle' },
          { searchByKey: 'needle' },
          { searchByValue: 'hay' },
        ]) {
          const rejects = rawRejector(
            parseFilters(query),
            { ...context, detectSchemas: true, schemas },
            false,
          );
          for (const record of records) {
            const copy = { ...raw(null), key: record.key, value: record.value };
            expect(rejects?.(record), `${compression} ${JSON.stringify(query)} ${record.value}`).toBe(
              rejects?.(copy),
            );
          }
        }
      }
    }
  });
});
