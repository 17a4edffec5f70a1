import { describe, expect, it } from 'vitest';
import type { RawRecord } from '../../kafka/fetch/types.ts';
import { parseConfig } from '../../platform/config/load.ts';
import { DecodedRecord } from '../records/decode/decoded-record.ts';
import { matches, parseFilter, passes } from '../records/scan/filters.ts';
import { MaskedRecord } from './masked-record.ts';
import { MaskingPolicy, type RecordMask } from './policy.ts';
import { outsideMasks } from './screen.ts';

const minimal = { clusters: { local: { properties: { 'bootstrap.servers': 'k:9092' } } } };

function maskOf(masking: unknown[]) {
  const { security } = parseConfig({ ...minimal, security: { masking, maskingSecret: 'k'.repeat(32) } });
  return new MaskingPolicy(security.masking, security.maskingSecret).viewer([]).topic('local', 't');
}

const rule = (mask: string, paths: string[], extra: Record<string, unknown> = {}) => ({
  topics: ['t'],
  paths,
  mask,
  ...extra,
});

/** Seeded, so a failure replays. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const record = (value: string): RawRecord => ({
  partition: 0,
  offset: 0,
  timestamp: 0,
  key: null,
  value: Buffer.from(value),
  headers: [],
});

/** A record of topic `t` with this value, as a viewer under `mask` sees it. */
const seen = (value: string, mask: RecordMask | undefined) =>
  new MaskedRecord(
    new DecodedRecord(record(value), { topic: 't', schemas: undefined, detectSchemas: false }),
    mask,
  );

describe('the search screen on masked values', () => {
  it('decides as matching the masked text does, on random records, rules and terms', () => {
    const next = random(7);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T;
    const policies = [
      [rule('KEEP_LAST', ['value.card'], { keep: 3 }), rule('HASH', ['value.email'])],
      [rule('REPLACE', ['value.email'], { replacement: 'ab*' }), rule('KEEP_LAST', ['value.email'])],
      [rule('HASH', ['value.card']), rule('KEEP_LAST', ['value'], { keep: 5, replacement: '#' })],
      [rule('REPLACE', ['value.card', 'value.n']), rule('HASH', ['value'])],
    ].map(maskOf);
    const piece = () => pick(['a', 'b', 'f0', '12', '*', 'ab', 'x y', 'é', '😀', '"', '\\\\', 'Card', '#1']);
    const text = () => Array.from({ length: 1 + Math.floor(next() * 4) }, piece).join('');
    let screened = 0;
    for (let n = 0; n < 4000; n++) {
      const fields = [
        `"card":${pick([JSON.stringify(text()), String(Math.floor(next() * 1e6)), '{"a":"b1"}', 'true'])}`,
        `"email":${JSON.stringify(text())}`,
        `"n": ${pick(['1.50', '-0', '[1, 2]', 'null'])}`,
      ].filter(() => next() < 0.8);
      const value = pick([`{${fields.join(', ')}}`, `{${fields.join(',')}`, text()]);
      const mask = pick(policies);
      const masked = seen(value, mask).value.text ?? '';
      const start = Math.floor(next() * masked.length);
      const term = pick([
        masked.slice(start, start + 1 + Math.floor(next() * 6)),
        value.slice(start, start + 1 + Math.floor(next() * 6)),
        text(),
        'ab',
        'b',
        '*1',
      ]).replace(/\s/g, '');
      const filter = parseFilter(`${term.replace(/"/g, '\\"')}_${pick(['C', 'N'])}`);
      if (!filter) continue;
      const view = seen(value, mask);
      const saysLacking = view.lacks('value', filter);
      if (saysLacking) screened++;
      const decided = passes(view, { searchByValue: filter }, undefined);
      const truth = matches(filter, [masked]);
      expect({ value, masked, term, type: filter.type, decided }).toEqual({
        value,
        masked,
        term,
        type: filter.type,
        decided: truth,
      });
    }
    // Not a test of nothing: the screen decided many of them.
    expect(screened).toBeGreaterThan(200);
  });

  it('screens a search that misses, on a value whose clear text holds the term only where masked', () => {
    const mask = maskOf([
      rule('KEEP_LAST', ['value.card.number'], { keep: 4 }),
      rule('HASH', ['value.email']),
      rule('REPLACE', ['headers.authorization']),
    ]);
    const value = JSON.stringify({
      card: { number: '4111111111111111' },
      email: 'ann@example.com',
      note: 'x',
    });
    const miss = parseFilter('no-such-text');
    const secret = parseFilter('ann@example');
    if (!miss || !secret) throw new Error('filters');
    const view = seen(value, mask);
    expect(view.lacks('value', miss)).toBe(true);
    expect(passes(view, { searchByValue: miss }, undefined)).toBe(false);
    // The clear text holds the email: the screen cannot tell, the masked text decides (no match).
    const other = seen(value, mask);
    expect(other.lacks('value', secret)).toBe(false);
    expect(passes(other, { searchByValue: secret }, undefined)).toBe(false);
    expect(passes(other, { searchByValue: parseFilter('****1111') as never }, undefined)).toBe(true);
  });

  it('leaves to the masked text any term a mask could write', () => {
    expect(outsideMasks('no-such-text', true, ['****'])).toBe(true);
    expect(outsideMasks('dead42', true, ['****'])).toBe(false); // hex: a hash could hold it
    expect(outsideMasks('**1', false, ['****'])).toBe(false); // inside the replacement
    expect(outsideMasks('*1111', false, ['****'])).toBe(false); // starts with its end
    expect(outsideMasks('MASKED-1', false, ['[masked]'])).toBe(true);
    expect(outsideMasks(']-1', false, ['[MASKED]'])).toBe(false);
    expect(outsideMasks('a"b', false, ['****'])).toBe(false); // a quote: where a mask's string starts
  });
});
