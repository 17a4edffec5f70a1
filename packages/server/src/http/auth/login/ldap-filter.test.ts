import { describe, expect, it } from 'vitest';
import { mapGroups } from './group-mapping.ts';
import { escapeFilterValue } from './ldap.ts';

describe('escapeFilterValue', () => {
  it('escapes what could widen a filter (RFC 4515)', () => {
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a');
    expect(escapeFilterValue('a\\b\0')).toBe('a\\5cb\\00');
    expect(escapeFilterValue('plain.user')).toBe('plain.user');
  });
});

describe('mapGroups', () => {
  const mapping = {
    defaultGroup: 'reader',
    groups: [{ name: 'Kafka-Ops', groups: ['admin', 'ops'] }],
    users: [{ username: 'Alice', groups: ['special'] }],
  };
  it('unites the user entry, the provider group entries and the default group, case-insensitively', () => {
    expect(mapGroups(mapping, 'alice', ['kafka-ops', 'other'])).toEqual([
      'special',
      'admin',
      'ops',
      'reader',
    ]);
    expect(mapGroups(mapping, 'bob', [])).toEqual(['reader']);
    expect(mapGroups({ ...mapping, defaultGroup: undefined }, 'bob', ['KAFKA-OPS'])).toEqual([
      'admin',
      'ops',
    ]);
  });
});
