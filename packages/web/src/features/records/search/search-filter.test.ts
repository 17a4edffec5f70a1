import { describe, expect, it } from 'vitest';
import { formatSearchFilter, parseSearchFilter } from './search-filter';

describe('search filters in the address', () => {
  it('reads the type after the last underscore', () => {
    expect(parseSearchFilter('order_42_E')).toEqual({ text: 'order_42', type: 'E' });
    expect(parseSearchFilter('"a b"_N')).toEqual({ text: '"a b"', type: 'N' });
  });

  it('falls back to contains for a missing or unknown type', () => {
    expect(parseSearchFilter('plain')).toEqual({ text: 'plain', type: 'C' });
    expect(parseSearchFilter('x_Z')).toEqual({ text: 'x_Z', type: 'C' });
    expect(parseSearchFilter('_E')).toEqual({ text: '_E', type: 'C' });
    expect(parseSearchFilter(undefined)).toEqual({ text: '', type: 'C' });
  });

  it('writes text_TYPE and leaves an empty filter out', () => {
    expect(formatSearchFilter({ text: 'order_42', type: 'E' })).toBe('order_42_E');
    expect(parseSearchFilter(formatSearchFilter({ text: 'a_b', type: 'C' }))).toEqual({
      text: 'a_b',
      type: 'C',
    });
    expect(formatSearchFilter({ text: '  ', type: 'N' })).toBeUndefined();
  });
});
