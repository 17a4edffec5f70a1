import { describe, expect, it } from 'vitest';
import { parseProperties } from './parse-properties';

describe('parseProperties', () => {
  it('reads key=value lines, keeping = inside values and skipping the rest', () => {
    expect(parseProperties('auto.offset.reset = earliest\n\nnot a pair\nx=a=b\n=v')).toEqual({
      'auto.offset.reset': 'earliest',
      x: 'a=b',
    });
  });
});
