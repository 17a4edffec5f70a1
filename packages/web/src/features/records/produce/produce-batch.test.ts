import { describe, expect, it } from 'vitest';
import { batchBodies, copiesOf, MAX_BATCH, valuesOfFile, withCounter } from './produce-batch';

const base = {
  partition: null,
  key: 'order-{{i}}',
  value: '{"n": {{i}}, "t": "<%= x %> {{ i }}"}',
  timestamp: '2024-01-01T00:00:00.000Z',
  headers: [],
  keySchema: null,
  valueSchema: null,
  multiMessage: false,
  keyValueSeparator: null,
};

describe('produce N copies', () => {
  it('replaces only the literal {{i}}, counting from 1', () => {
    const bodies = batchBodies(base, 3);
    expect(bodies.map((b) => [b.key, b.value])).toEqual([
      ['order-1', '{"n": 1, "t": "<%= x %> {{ i }}"}'],
      ['order-2', '{"n": 2, "t": "<%= x %> {{ i }}"}'],
      ['order-3', '{"n": 3, "t": "<%= x %> {{ i }}"}'],
    ]);
    expect(withCounter('{{i}}{{i}}', 7)).toBe('77');
  });

  it('keeps a tombstone null in every copy', () => {
    expect(batchBodies({ ...base, value: null }, 2).map((b) => b.value)).toEqual([null, null]);
  });

  it('caps the count and names the cap', () => {
    expect(copiesOf('5')).toEqual({ copies: 5 });
    expect(copiesOf(String(MAX_BATCH + 1))).toEqual({ error: `Copies must be between 1 and ${MAX_BATCH}` });
    expect(copiesOf('0')).toEqual({ error: `Copies must be between 1 and ${MAX_BATCH}` });
    expect(copiesOf('2.5')).toEqual({ error: 'Copies must be a whole number' });
  });
});

describe('produce from a file', () => {
  it('reads one value per non-empty line', () => {
    expect(valuesOfFile('a\r\n\nb\n c \n')).toEqual({ values: ['a', 'b', ' c '] });
  });

  it('reads a JSON array: strings as they are, the rest as JSON', () => {
    expect(valuesOfFile(' [{"a":1}, "plain", 3, null]')).toEqual({
      values: ['{"a":1}', 'plain', '3', 'null'],
    });
  });

  it('says why a file cannot be used', () => {
    expect(valuesOfFile('[1, 2')).toMatchObject({ error: expect.stringContaining('not a JSON array') });
    expect(valuesOfFile('\n\n')).toEqual({ error: 'The file holds no records' });
    expect(valuesOfFile('x\n'.repeat(MAX_BATCH + 1))).toEqual({
      error: `The file holds ${MAX_BATCH + 1} records; at most ${MAX_BATCH} are produced at once`,
    });
  });

  it('gives each file value the counted key', () => {
    expect(batchBodies(base, 1, ['x', 'y']).map((b) => [b.key, b.value])).toEqual([
      ['order-1', 'x'],
      ['order-2', 'y'],
    ]);
  });
});
