import { describe, expect, it } from 'vitest';
import { parseJsonKeepingBigInts, toJsonText } from './json-text.ts';

describe('JSON text', () => {
  it('writes bytes as base64 and big integers exactly', () => {
    expect(toJsonText({ b: Buffer.from('hi'), n: 2n ** 63n - 1n, s: 'x', list: [1n] })).toBe(
      '{"b":"aGk=","n":9223372036854775807,"s":"x","list":[1]}',
    );
    expect(toJsonText(undefined)).toBe('null');
  });

  it('reads big integers as bigint and leaves the rest alone', () => {
    expect(
      parseJsonKeepingBigInts('{"a":9007199254740993,"b":12,"c":"9007199254740993","d":-1.5e3,"e":"q\\"1"}'),
    ).toEqual({
      a: 9007199254740993n,
      b: 12,
      c: '9007199254740993',
      d: -1500,
      e: 'q"1',
    });
  });
});
