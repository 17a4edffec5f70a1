import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../../test-support/config.ts';
import { groupsToKeep, resolveSession, SessionRevocations } from './sessions.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionRevocations', () => {
  it('tells a session’s streams once when it is revoked or expires, and forgets expired revocations', () => {
    vi.useFakeTimers({ now: 0 });
    const revocations = new SessionRevocations();
    const ended: string[] = [];
    revocations.watch({ id: 'a', expiresAt: 60_000 }, () => ended.push('a'));
    const stop = revocations.watch({ id: 'b', expiresAt: 60_000 }, () => ended.push('b'));
    revocations.watch({ id: 'c', expiresAt: 5_000 }, () => ended.push('c'));
    revocations.revoke({ id: 'a', expiresAt: 60_000 });
    revocations.revoke({ id: 'a', expiresAt: 60_000 });
    expect(ended).toEqual(['a']);
    expect(revocations.isRevoked('a')).toBe(true);
    stop();
    vi.advanceTimersByTime(5_000);
    expect(ended).toEqual(['a', 'c']);
    vi.advanceTimersByTime(60_000);
    expect(ended).toEqual(['a', 'c']);
    revocations.revoke({ id: 'd', expiresAt: 120_000 });
    expect(revocations.isRevoked('a')).toBe(false);
    expect(revocations.size).toBe(1);
    revocations.watch({ id: 'e', expiresAt: 1 }, () => ended.push('e'));
    expect(ended).toEqual(['a', 'c', 'e']);
  });
});

describe('resolveSession', () => {
  const config = testConfig({
    security: {
      groups: { admin: [{ role: 'reader' }], reader: [{ role: 'reader' }] },
      oidc: {
        providers: {
          kc: { issuer: 'https://idp', clientId: 'c', groups: [{ name: 'Kafka-Admins', groups: ['admin'] }] },
        },
      },
    },
  });

  it('maps an external user’s provider groups with the current mapping, and drops an unknown provider', () => {
    const claims = { kind: 'session', sub: 'al', jti: 'x' } as const;
    expect(resolveSession(config, { ...claims, provider: 'oidc:kc', pg: ['kafka-admins'] })).toEqual({
      username: 'al',
      groups: ['admin'],
      provider: 'oidc:kc',
    });
    expect(resolveSession(config, { ...claims, provider: 'oidc:gone', pg: [] })).toBeUndefined();
    expect(resolveSession(config, { ...claims, provider: 'users' })).toBeUndefined();
    expect(groupsToKeep(config, 'oidc:kc', ['staff', 'KAFKA-ADMINS', 'all-company'])).toEqual([
      'KAFKA-ADMINS',
    ]);
  });
});
