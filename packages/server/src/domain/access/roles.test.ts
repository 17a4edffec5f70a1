import { describe, expect, it } from 'vitest';
import { AccessRights } from './roles.ts';

const rights = new AccessRights(true, [
  {
    resources: ['TOPIC', 'TOPIC_DATA'],
    actions: ['READ'],
    patterns: ['project-a\\..*'],
    clusters: ['dev-.*'],
  },
  { resources: ['TOPIC'], actions: ['READ', 'DELETE'], patterns: ['scratch'], clusters: ['.*'] },
]);

describe('AccessRights (docs/security.md#permission-model)', () => {
  it('grants resource × action on clusters its regexes fully match', () => {
    expect(rights.grants('TOPIC', 'READ', 'dev-1')).toBe(true);
    expect(rights.grants('TOPIC_DATA', 'READ', 'prod')).toBe(false);
    expect(rights.grants('TOPIC_DATA', 'READ', 'my-dev-1')).toBe(false);
    expect(rights.grants('NODE', 'READ', 'dev-1')).toBe(false);
  });

  it('checks a named object against the patterns of the bindings that grant the action', () => {
    expect(rights.grantsOn('TOPIC', 'READ', 'dev-1', 'project-a.orders')).toBe(true);
    expect(rights.grantsOn('TOPIC', 'READ', 'prod', 'project-a.orders')).toBe(false);
    expect(rights.grantsOn('TOPIC', 'DELETE', 'dev-1', 'project-a.orders')).toBe(false);
    expect(rights.grantsOn('TOPIC', 'DELETE', 'prod', 'scratch')).toBe(true);
    expect(rights.grantsOn('TOPIC', 'READ', 'dev-1', 'xproject-a.orders')).toBe(false);
  });

  it('filters lists by the union of those patterns, and to nothing when none grants', () => {
    const names = ['project-a.orders', 'scratch', 'other'];
    expect(rights.filter('TOPIC', 'READ', 'dev-1', names)).toEqual(['project-a.orders', 'scratch']);
    expect(rights.filter('TOPIC', 'READ', 'prod', names)).toEqual(['scratch']);
    expect(rights.filter('NODE', 'READ', 'prod', names)).toEqual([]);
    expect(rights.filter('TOPIC', 'READ', 'prod', [{ id: 'scratch' }], (t) => t.id)).toEqual([
      { id: 'scratch' },
    ]);
  });

  it('sees clusters any binding names', () => {
    expect(rights.seesCluster('dev-2')).toBe(true);
    expect(new AccessRights(true, []).seesCluster('dev-2')).toBe(false);
  });

  it('checks and filters nothing when security is off', () => {
    const open = AccessRights.unrestricted();
    expect(open.grants('NODE', 'ALTER_CONFIG', 'x')).toBe(true);
    expect(open.filter('TOPIC', 'READ', 'x', ['a', 'b'])).toEqual(['a', 'b']);
  });
});
