import { describe, expect, it } from 'vitest';
import { IndexSnapshot } from '../group-index.ts';
import type { IndexedGroup } from '../index-build.ts';
import { type IndexMessage, publication, readIndexRecord } from './index-records.ts';
import { PublishedIndex } from './published-index.ts';

const group = (id: string, topics: string[], state: 'EMPTY' | 'STABLE' = 'STABLE'): IndexedGroup => ({
  listing: { id, kind: 'classic', state, protocolType: 'consumer' },
  topics,
});
const snapshotOf = (groups: IndexedGroup[], builtAt: number) =>
  new IndexSnapshot(new Map(groups.map((g) => [g.listing.id, g])), builtAt);
/** What a follower reads back from the messages, in order. */
const follow = (into: PublishedIndex, messages: IndexMessage[]) => {
  for (const m of messages) {
    const record = readIndexRecord(m.key, m.value, into.intern);
    if (record) into.add(record);
  }
};

describe('the shared group index records', () => {
  it('gives a follower the same groups, topics and build time as the publisher', () => {
    const published = new Map<string, string>();
    const built = snapshotOf([group('a', ['t1', 't2']), group('b', ['t2'], 'EMPTY')], 1_000);
    const follower = new PublishedIndex();
    follow(follower, publication(published, built, 250));
    const seen = follower.snapshot(new Map());
    expect(seen.builtAt).toBe(1_000);
    expect(follower.buildMs).toBe(250);
    expect(seen.readersOf(['t2']).map((g) => g.listing.id)).toEqual(['a', 'b']);
    expect(seen.get('b')).toEqual(group('b', ['t2'], 'EMPTY'));
  });

  it('writes only the groups a build changed, a tombstone for each one gone, then the build mark', () => {
    const published = new Map<string, string>();
    publication(published, snapshotOf([group('a', ['t1']), group('b', ['t1']), group('c', ['t1'])], 1), 0);
    const next = publication(published, snapshotOf([group('a', ['t1']), group('b', ['t9'])], 2), 0);
    const read = next.map((m) => readIndexRecord(m.key, m.value));
    expect(read).toEqual([
      { kind: 'group', id: 'b', group: group('b', ['t9']) },
      { kind: 'group', id: 'c', group: null },
      { kind: 'built', builtAt: 2, buildMs: 0, groups: 2 },
    ]);
    expect([...published.keys()]).toEqual(['a', 'b']);
  });

  it('lets a replica taking over continue from what the topic holds, writing no group again', () => {
    const follower = new PublishedIndex();
    follow(follower, publication(new Map(), snapshotOf([group('a', ['t1']), group('b', ['t2'])], 1), 0));
    const next = publication(follower.values(), snapshotOf([group('a', ['t1']), group('b', ['t2'])], 2), 0);
    expect(next).toHaveLength(1);
  });

  it('gives a tombstone to a group the topic holds that the new build lacks, though never written by this replica', () => {
    const messages = publication(new Map(), snapshotOf([group('a', ['t1'])], 2), 0, ['a', 'stale']);
    expect(messages.map((m) => readIndexRecord(m.key, m.value))).toEqual([
      { kind: 'group', id: 'a', group: group('a', ['t1']) },
      { kind: 'group', id: 'stale', group: null },
      { kind: 'built', builtAt: 2, buildMs: 0, groups: 1 },
    ]);
  });

  it('shares topic names between the groups a follower reads', () => {
    const follower = new PublishedIndex();
    follow(follower, publication(new Map(), snapshotOf([group('a', ['t1']), group('b', ['t1'])], 1), 0));
    const seen = follower.snapshot(new Map());
    const [a, b] = [seen.get('a')?.topics[0], seen.get('b')?.topics[0]];
    expect(a).toBe('t1');
    expect(a).toBe(b);
  });

  it("keeps a follower's own writes over builds older than them, and drops them once a build is newer", () => {
    const follower = new PublishedIndex();
    follow(follower, publication(new Map(), snapshotOf([group('a', ['t1'])], 1_000), 0));
    const changes = new Map([['a', { group: null, at: 1_500 }]]);
    expect(follower.snapshot(changes).get('a')).toBeUndefined();
    follow(follower, publication(new Map(), snapshotOf([group('a', ['t1'])], 2_000), 0));
    expect(follower.snapshot(changes).get('a')?.topics).toEqual(['t1']);
    expect(changes.size).toBe(0);
  });

  it('says a build is stale once the publisher has been silent for two refresh intervals', () => {
    const follower = new PublishedIndex();
    expect(follower.freshFor(1_000, 0)).toBe(false);
    follow(follower, publication(new Map(), snapshotOf([group('a', ['t1'])], 10_000), 500));
    expect(follower.freshFor(1_000, 12_500)).toBe(true);
    expect(follower.freshFor(1_000, 12_501)).toBe(false);
  });

  it('skips records this version does not write instead of failing', () => {
    expect(readIndexRecord(Buffer.from('not json'), Buffer.from('{}'))).toBeUndefined();
    expect(readIndexRecord(Buffer.from('["g","a"]'), Buffer.from('{"k":"share","t":[]}'))).toBeUndefined();
    expect(readIndexRecord(Buffer.from('["x"]'), Buffer.from('{}'))).toBeUndefined();
    expect(readIndexRecord(null, null)).toBeUndefined();
  });
});
