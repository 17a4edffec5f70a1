import { describe, expect, it } from 'vitest';
import { foldStreamsTopics, streamsAppOf } from './streams-fold';
import type { TopicRow } from './topic-rows';

const row = (name: string, count = 1): TopicRow => ({
  name,
  count,
  logDirSize: 10,
  lastRecord: null,
  partitions: 2,
  replicationFactor: 1,
  inSync: 2,
  underReplicated: 0,
  offline: 0,
  groups: [],
  moreGroups: 0,
  traffic: [1, 2],
});

describe('streams fold', () => {
  it('gives an internal topic to the app that lists it, else to the longest app id it starts with', () => {
    const apps = [
      { id: 'app', internalTopics: [] },
      { id: 'app-2', internalTopics: ['app-2-store-changelog'] },
    ];
    expect(streamsAppOf('app-2-store-changelog', apps)).toBe('app-2');
    expect(streamsAppOf('app-counts-repartition', apps)).toBe('app');
    expect(streamsAppOf('app-orders', apps)).toBeUndefined();
    expect(streamsAppOf('gone-KSTREAM-AGGREGATE-STATE-STORE-0000000003-changelog', apps)).toBe('gone');
  });

  it("folds an app's internal topics into one row where the first stood, summing their figures", () => {
    const rows = [row('a-src'), row('app-x-changelog', 3), row('b'), row('app-x-repartition', 4)];
    const folded = foldStreamsTopics(rows, [{ id: 'app', internalTopics: [] }]);
    expect(folded.map((r) => r.name)).toEqual(['a-src', 'app', 'b']);
    expect(folded[1]).toMatchObject({ count: 7, partitions: 4, logDirSize: 20, traffic: [2, 4] });
    expect(folded[1]?.streamsApp?.topics.map((t) => t.name)).toEqual([
      'app-x-changelog',
      'app-x-repartition',
    ]);
  });
});
