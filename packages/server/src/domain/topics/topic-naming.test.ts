import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test-support/config.ts';
import { groupState } from '../groups/groups.ts';
import { byName, firstByName, nameMatcher, shownBy, sortedByName, topicNaming } from './topic-naming.ts';

const naming = topicNaming(testConfig());

describe('topic names', () => {
  it('matches when every space-separated term is in the name, in any case', () => {
    const match = nameMatcher('  Orders  EU ');
    expect(match('shop.orders.eu')).toBe(true);
    expect(match('shop.orders.us')).toBe(false);
    expect(nameMatcher('')('anything')).toBe(true);
    expect(nameMatcher(undefined)('anything')).toBe(true);
  });

  it('hides by the configured patterns only', () => {
    const shown = (view: Parameters<typeof shownBy>[0]) =>
      ['__consumer_offsets', 'app_schemas', 'agg-changelog', 'orders'].filter((n) =>
        shownBy(view, naming, n),
      );
    expect(shown('ALL')).toEqual(['__consumer_offsets', 'app_schemas', 'agg-changelog', 'orders']);
    expect(shown('HIDE_INTERNAL')).toEqual(['agg-changelog', 'orders']);
    expect(shown('HIDE_STREAM')).toEqual(['__consumer_offsets', 'app_schemas', 'orders']);
    expect(shown('HIDE_INTERNAL_STREAM')).toEqual(['orders']);
  });

  it('sorts case-insensitively with a total order', () => {
    expect(['b', 'B', 'a', 'C', 'A'].sort(byName)).toEqual(['A', 'a', 'B', 'b', 'C']);
  });
});

describe('group states', () => {
  it("names Kafka's states as Java's enum does, unknown ones UNKNOWN", () => {
    expect(groupState('PreparingRebalance')).toBe('PREPARING_REBALANCE');
    expect(groupState('Stable')).toBe('STABLE');
    expect(groupState('NotReady')).toBe('NOT_READY');
    expect(groupState('Weird')).toBe('UNKNOWN');
  });
});

describe('name order', () => {
  const names = Array.from({ length: 500 }, (_, i) => `${i % 3 ? 'Orders' : 'orders'}-${(i * 7919) % 500}`);
  const expected = [...names].sort(byName);

  it('sorts as byName does, each name lowered once', () => {
    expect(sortedByName(names, (n) => n)).toEqual(expected);
  });

  it('picks the first names of that order without sorting them all, for every count', () => {
    for (const count of [1, 25, 50, 499, 500, 600]) {
      expect(firstByName(names, (n) => n, count)).toEqual(expected.slice(0, count));
    }
    expect(firstByName([], (n: string) => n, 25)).toEqual([]);
  });
});
