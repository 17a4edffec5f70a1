import { describe, expect, it } from 'vitest';
import { clampPage, pageSizeChoices } from './page-choices';

describe('pageSizeChoices', () => {
  it('offers the documented sizes and adds an unusual current one in order', () => {
    expect(pageSizeChoices(25)).toEqual([10, 25, 50, 100, 150, 200]);
    expect(pageSizeChoices(30)).toEqual([10, 25, 30, 50, 100, 150, 200]);
    expect(pageSizeChoices(undefined)).toHaveLength(6);
  });
});

describe('clampPage', () => {
  it('keeps pages between 1 and the total', () => {
    expect(clampPage('3', 5)).toBe(3);
    expect(clampPage('9', 5)).toBe(5);
    expect(clampPage('0', 5)).toBe(1);
    expect(clampPage('-2', 5)).toBe(1);
    expect(clampPage('2', 0)).toBe(1);
  });

  it('rejects text that is not a number', () => {
    expect(clampPage('', 5)).toBeNull();
    expect(clampPage('abc', 5)).toBeNull();
  });
});
