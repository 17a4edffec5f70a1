import type { Me } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { landingPath, sessionUser } from './permissions';

describe('landingPath', () => {
  it('follows the role order TOPIC, NODE, CONSUMER_GROUP, ACL, SCHEMA', () => {
    expect(landingPath({ TOPIC: ['READ'], NODE: ['READ'] }, true, 'local')).toBe('/local/overview');
    expect(landingPath({ NODE: ['READ'], ACL: ['READ'] }, true, 'local')).toBe('/local/node');
    expect(landingPath({ CONSUMER_GROUP: ['READ'], SCHEMA: ['READ'] }, true, 'local')).toBe('/local/group');
    expect(landingPath({ ACL: ['READ'] }, true, 'local')).toBe('/local/acls');
    expect(landingPath({ SCHEMA: ['READ'] }, true, 'local')).toBe('/local/schema');
  });

  it('ignores actions other than READ', () => {
    expect(landingPath({ TOPIC: ['CREATE'], NODE: ['READ'] }, true, 'c1')).toBe('/c1/node');
  });

  it('sends any other role holder to topics and nobody-without-roles to login', () => {
    expect(landingPath({ KSQLDB: ['READ'] }, true, 'c1')).toBe('/c1/topic');
    expect(landingPath({}, false, 'c1')).toBe('/login');
  });

  it('encodes the cluster id', () => {
    expect(landingPath({ TOPIC: ['READ'] }, true, 'a b')).toBe('/a%20b/overview');
  });
});

describe('sessionUser', () => {
  const role = {
    resources: ['TOPIC' as const],
    actions: ['READ' as const],
    patterns: ['.*'],
    clusters: ['.*'],
  };
  it('names logged users, default-role visitors and nobody', () => {
    expect(sessionUser({ logged: true, username: 'ann', roles: [role] } satisfies Me)).toBe('ann');
    expect(sessionUser({ logged: false, roles: [role] })).toBe('default');
    expect(sessionUser({ logged: false })).toBe('not_logged');
  });
});
