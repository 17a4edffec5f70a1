import { describe, expect, it } from 'vitest';
import { splitForEllipsis } from './split';

describe('splitForEllipsis', () => {
  it("keeps the end of a Streams app's internal topic whole and lets the middle be cut", () => {
    const name = 'orders-app-KSTREAM-AGGREGATE-STATE-STORE-0000000002-changelog';
    const [head, tail] = splitForEllipsis(name);
    expect(tail).toBe('0000000002-changelog');
    expect(head + tail).toBe(name);
  });

  it('splits a short name in two halves, nothing lost', () => {
    expect(splitForEllipsis('orders')).toEqual(['ord', 'ers']);
    expect(splitForEllipsis('')).toEqual(['', '']);
  });
});
