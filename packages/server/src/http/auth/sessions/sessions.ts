import { createHash, randomUUID } from 'node:crypto';
import type { Config } from '../../../platform/config/schema.ts';
import type { GroupMappingConfig } from '../../../platform/config/security.ts';
import { mapGroups, same } from '../login/group-mapping.ts';

/** One login: the token's id and when it expires (ms since the epoch). */
export type Session = { id: string; expiresAt: number };

/** What a session token carries: who and how they logged in, never their console groups. */
export type SessionClaims = {
  kind: 'session';
  sub: string;
  provider: string;
  jti: string;
  /** The provider's own groups (LDAP, OIDC, OAuth2), mapped to console groups at each request. */
  pg?: string[];
  /** A fingerprint of a configured user's password hash: a new password ends older sessions. */
  pwv?: string;
  exp?: number;
};

export type ResolvedUser = { username: string; groups: string[]; provider: string };

// setTimeout's longest delay; a longer session re-arms its timer.
const LONGEST_TIMER_MS = 2_147_483_647;

export const passwordVersion = (hash: string) =>
  createHash('sha256').update(hash).digest('base64url').slice(0, 12);

export const newSessionId = () => randomUUID();

/** The group mapping of an external provider (`ldap`, `oidc:<key>`, `oauth2:<key>`), if configured. */
function mappingOf(config: Config, provider: string): GroupMappingConfig | undefined {
  const { security } = config;
  if (provider === 'ldap') return security.ldap;
  const [kind, key = ''] = provider.split(':', 2);
  if (kind === 'oidc') return security.oidc?.providers[key];
  if (kind === 'oauth2') return security.oauth2?.providers[key];
  return undefined;
}

/**
 * The provider groups a token keeps: those the mapping names (a directory user may be in hundreds of
 * groups, and a cookie holds 4 KB). A mapping added later for another group applies at the next login.
 */
export function groupsToKeep(config: Config, provider: string, groups: readonly string[]): string[] {
  const entries = mappingOf(config, provider)?.groups ?? [];
  return groups.filter((group) => entries.some((entry) => same(entry.name, group)));
}

/**
 * The user a session token names, as the configuration says now: a configured user removed or given
 * a new password has no session any more, and every identity's console groups come from the current
 * group mappings, not from the token.
 */
export function resolveSession(config: Config, claims: SessionClaims): ResolvedUser | undefined {
  const { sub, provider } = claims;
  if (provider === 'users') {
    const user = config.security.users.find((u) => u.username === sub);
    if (!user || claims.pwv !== passwordVersion(user.hash)) return undefined;
    return { username: sub, groups: [...user.groups], provider };
  }
  const mapping = mappingOf(config, provider);
  if (!mapping) return undefined;
  const pg = Array.isArray(claims.pg) ? claims.pg.filter((g) => typeof g === 'string') : [];
  return { username: sub, groups: mapGroups(mapping, sub, pg), provider };
}

/**
 * Sessions ended by logout before their tokens expire: each token id is kept until the token's own
 * expiry, in this process's memory (docs/security.md says what that means for several replicas).
 * Open streams of a session are told when it ends, by logout or by expiry.
 */
export class SessionRevocations {
  private readonly revoked = new Map<string, number>();
  private readonly watchers = new Map<string, Set<() => void>>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  isRevoked(id: string): boolean {
    return this.revoked.has(id);
  }

  revoke(session: Session): void {
    const now = this.now();
    for (const [id, until] of this.revoked) if (until <= now) this.revoked.delete(id);
    if (session.expiresAt > now) this.revoked.set(session.id, session.expiresAt);
    for (const onEnd of this.watchers.get(session.id) ?? []) onEnd();
  }

  get size(): number {
    return this.revoked.size;
  }

  /** Calls `onEnd` once, when the session is revoked or expires; returns the unsubscribe. */
  watch(session: Session, onEnd: () => void): () => void {
    let timer: NodeJS.Timeout | undefined;
    let ended = false;
    const end = () => {
      if (ended) return;
      stop();
      onEnd();
    };
    const arm = () => {
      const left = session.expiresAt - this.now();
      if (left <= 0) return end();
      timer = setTimeout(arm, Math.min(left, LONGEST_TIMER_MS));
      timer.unref();
    };
    const stop = () => {
      ended = true;
      clearTimeout(timer);
      const set = this.watchers.get(session.id);
      set?.delete(end);
      if (set?.size === 0) this.watchers.delete(session.id);
    };
    const set = this.watchers.get(session.id) ?? new Set();
    set.add(end);
    this.watchers.set(session.id, set);
    arm();
    return stop;
  }
}
