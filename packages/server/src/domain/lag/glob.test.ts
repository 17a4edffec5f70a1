import { describe, expect, it } from 'vitest';
import { globMatch } from './glob.ts';

describe('globMatch', () => {
  it('matches * as any run of characters and everything else literally', () => {
    expect(globMatch('*', 'anything')).toBe(true);
    expect(globMatch('orders-*', 'orders-eu')).toBe(true);
    expect(globMatch('orders-*', 'payments')).toBe(false);
    expect(globMatch('*-eu', 'orders-eu')).toBe(true);
    expect(globMatch('a*b*c', 'axxbyyc')).toBe(true);
    expect(globMatch('a*b*c', 'axxbyy')).toBe(false);
    expect(globMatch('a.b', 'axb')).toBe(false);
    expect(globMatch('(a+)+', '(a+)+')).toBe(true);
    expect(globMatch('exact', 'exact')).toBe(true);
    expect(globMatch('exact', 'exact2')).toBe(false);
  });

  it('stays fast on a pattern that would make a backtracking regex explode', () => {
    const started = performance.now();
    expect(globMatch('*a*a*a*a*a*a*a*b', 'a'.repeat(5_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
