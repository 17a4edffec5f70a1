import { describe, expect, it } from 'vitest';
import { formatCursor, parseCursor } from './cursor.ts';

describe('cursor', () => {
  it('parses partition-offset pairs joined by _', () => {
    expect(parseCursor('0-49_1-12_2-7')).toEqual(
      new Map([
        [0, 49],
        [1, 12],
        [2, 7],
      ]),
    );
    expect(parseCursor('3--1')).toEqual(new Map([[3, -1]]));
    expect(parseCursor(undefined)).toEqual(new Map());
    expect(parseCursor('')).toEqual(new Map());
  });

  it('refuses anything else', () => {
    for (const bad of ['0', '0-', 'a-1', '0-1_', '0-1,1-2', '-1-3', '0-1.5', '0-99999999999999999999']) {
      expect(parseCursor(bad), bad).toBeUndefined();
    }
  });

  it('formats partitions in order and round-trips', () => {
    const cursor = new Map([
      [2, 7],
      [0, 49],
      [10, 0],
    ]);
    expect(formatCursor(cursor)).toBe('0-49_2-7_10-0');
    expect(parseCursor(formatCursor(cursor))).toEqual(cursor);
    expect(formatCursor(new Map())).toBeUndefined();
  });
});
