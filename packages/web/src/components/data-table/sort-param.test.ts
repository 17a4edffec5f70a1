import { describe, expect, it } from 'vitest';
import { formatSort, parseSort } from './sort-param';

describe('sort param', () => {
  const allowed = ['id', 'host'];

  it('round-trips ascending and descending sorts', () => {
    expect(parseSort('host', allowed)).toEqual([{ id: 'host', desc: false }]);
    expect(parseSort('id:desc', allowed)).toEqual([{ id: 'id', desc: true }]);
    expect(formatSort([{ id: 'id', desc: true }])).toBe('id:desc');
    expect(formatSort([{ id: 'host', desc: false }])).toBe('host');
    expect(formatSort([])).toBe('');
  });

  it('ignores unknown columns and directions', () => {
    expect(parseSort('rack', allowed)).toEqual([]);
    expect(parseSort('id:sideways', allowed)).toEqual([]);
    expect(parseSort('', allowed)).toEqual([]);
  });
});
