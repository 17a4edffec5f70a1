import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Identity } from '../../domain/access/identity.ts';
import {
  AccessRights,
  anonymousPermissions,
  effectiveGroups,
  groupPermissions,
} from '../../domain/access/roles.ts';
import type { Config } from '../../platform/config/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { AccessTokens } from './login/access-tokens.ts';
import { mapGroups } from './login/group-mapping.ts';
import { type HeaderIdentity, headerAuthenticator } from './login/header-auth.ts';
import { ldapAuthenticate } from './login/ldap.ts';
import { LoginLimiter } from './login/login-limiter.ts';
import type { LoginProviders } from './login/login-providers.ts';
import { OAuth2Providers } from './login/oauth2.ts';
import { OidcProviders } from './login/oidc.ts';
import { PasswordChecker } from './login/passwords.ts';
import { type RevocationClaims, revocationToken, tellPeers } from './sessions/revocation-peers.ts';
import type { RevocationTopic } from './sessions/revocation-topic.ts';
import {
  groupsToKeep,
  newSessionId,
  passwordVersion,
  resolveSession,
  type Session,
  type SessionClaims,
  SessionRevocations,
} from './sessions/sessions.ts';

/** Where the credentials came from: cookie and proxy headers are ambient (a browser sends them by itself). */
export type CredentialSource = 'cookie' | 'bearer' | 'basic' | 'header';

/** An authenticated caller; `session` for a session token (cookie or bearer). */
export type Caller = { identity: Identity; via: CredentialSource; session?: Session };

export const SESSION_COOKIE = 'JWT';

/** Signs and checks the console's HS256 tokens (sessions and OIDC round trips). */
export type TokenSigner = {
  sign: (claims: Record<string, unknown>, lifetimeSeconds: number) => string;
  /** The claims of a valid, unexpired token, else undefined. */
  verify: (token: string) => Record<string, unknown> | undefined;
};

const BASIC_CACHE_MS = 60_000;
const BASIC_CACHE_MAX = 1_000;

export const wrongCredentials = () => new AppError('UNAUTHORIZED', 'Invalid username or password');

/**
 * Who is calling. Sources in order: a trusted proxy's headers, `Authorization: Bearer` (a token from
 * login), `Authorization: Basic` (scripts; users then LDAP), then the `JWT` cookie the console uses.
 * An invalid or expired token counts as no credentials; wrong Basic credentials are refused outright.
 */
export class Authenticator {
  readonly config: Config;
  readonly oidc: OidcProviders;
  readonly oauth2: OAuth2Providers;
  /** OIDC providers' access tokens, taken by the MCP endpoint only (docs/mcp.md#authentication). */
  readonly accessTokens: AccessTokens;
  readonly limiter: LoginLimiter;
  private readonly revocations = new SessionRevocations();
  /** The logouts topic every replica reads (`security.jwt.revocationTopic`), when configured. */
  sharedRevocations: RevocationTopic | undefined;
  private readonly tokens: TokenSigner;
  private readonly fromHeaders:
    | ((peer: string | undefined, h: FastifyRequest['headers']) => HeaderIdentity | undefined)
    | undefined;
  private readonly basicCache = new Map<string, { identity: Identity; until: number }>();
  private readonly passwords: PasswordChecker;

  constructor(config: Config, tokens: TokenSigner) {
    this.config = config;
    this.tokens = tokens;
    this.oidc = new OidcProviders(config.security.oidc?.providers);
    this.oauth2 = new OAuth2Providers(config.security.oauth2?.providers);
    this.accessTokens = new AccessTokens(this.oidc, config.security.oidc?.providers);
    this.limiter = new LoginLimiter(config.security.loginRateLimit);
    this.passwords = new PasswordChecker(config.security.users);
    this.fromHeaders = config.security.headerAuth
      ? headerAuthenticator(config.security.headerAuth)
      : undefined;
  }

  get security() {
    return this.config.security;
  }

  /**
   * The login form is offered when users or LDAP can check a password
   * (docs/api-conventions.md#sessions-and-login).
   */
  get formEnabled(): boolean {
    return this.security.users.length > 0 || this.security.ldap !== undefined;
  }

  get loginEnabled(): boolean {
    if (!this.security.enabled) return false;
    // A proxy that logs everyone in leaves nothing to log in with
    // (docs/api-conventions.md#sessions-and-login).
    const providers = this.oidc.list().length + this.oauth2.list().length;
    return this.formEnabled || providers > 0 || this.security.headerAuth === undefined;
  }

  /** The provider kind behind `/oauth/login/{key}` with its tag for `Identity.provider`, if security is on. */
  loginProvider(key: string): { providers: LoginProviders; kind: 'oidc' | 'oauth2' } | undefined {
    if (!this.security.enabled) return undefined;
    if (this.oidc.has(key)) return { providers: this.oidc, kind: 'oidc' };
    if (this.oauth2.has(key)) return { providers: this.oauth2, kind: 'oauth2' };
    return undefined;
  }

  async identify(request: FastifyRequest): Promise<Caller | null> {
    if (!this.security.enabled) return null;
    const proxied = this.fromHeaders?.(request.socket.remoteAddress, request.headers);
    if (proxied) return { identity: { ...proxied, provider: 'header' }, via: 'header' };
    const authorization = request.headers.authorization ?? '';
    const [scheme = '', value = ''] = authorization.split(' ', 2);
    if (scheme.toLowerCase() === 'bearer') {
      const token = value.trim();
      return this.fromToken(token, 'bearer') ?? (await this.fromAccessToken(request, token));
    }
    if (scheme.toLowerCase() === 'basic') {
      return { identity: await this.fromBasic(value.trim(), request.ip), via: 'basic' };
    }
    const cookie = request.cookies?.[SESSION_COOKIE];
    return cookie ? this.fromToken(cookie, 'cookie') : null;
  }

  /** A valid, unexpired, not logged-out session token, resolved against the current config. */
  private fromToken(token: string, via: CredentialSource): Caller | null {
    const claims = this.tokens.verify(token) as Partial<SessionClaims> | undefined;
    if (claims?.kind !== 'session' || typeof claims.sub !== 'string') return null;
    if (typeof claims.provider !== 'string' || typeof claims.jti !== 'string') return null;
    if (typeof claims.exp !== 'number' || this.revocations.isRevoked(claims.jti)) return null;
    const identity = resolveSession(this.config, claims as SessionClaims);
    if (!identity) return null;
    return { identity, via, session: { id: claims.jti, expiresAt: claims.exp * 1000 } };
  }

  /**
   * An OIDC provider's access token, on the routes that take them: the MCP endpoint and the routes its
   * tools call in-process (`request.via`). Anywhere else, as a token the console did not sign, it is no
   * credential: its audience is the MCP endpoint, not the API.
   */
  private async fromAccessToken(request: FastifyRequest, token: string): Promise<Caller | null> {
    if (!this.accessTokens.enabled) return null;
    if (request.via !== 'mcp' && request.routeOptions.config.accessTokens !== true) return null;
    const identity = await this.accessTokens.identify(token);
    return identity ? { identity, via: 'bearer' } : null;
  }

  private async fromBasic(encoded: string, address: string): Promise<Identity> {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw wrongCredentials();
    const key = createHash('sha256').update(decoded).digest('base64');
    const cached = this.basicCache.get(key);
    if (cached && cached.until > Date.now()) return cached.identity;
    const identity = await this.login(decoded.slice(0, colon), decoded.slice(colon + 1), address);
    if (this.basicCache.size >= BASIC_CACHE_MAX) this.basicCache.clear();
    this.basicCache.set(key, { identity, until: Date.now() + BASIC_CACHE_MS });
    return identity;
  }

  /** Username and password against the configured users, then LDAP; rate-limited per user and address. */
  async login(username: string, password: string, address: string): Promise<Identity> {
    const delay = this.limiter.check(username, address);
    if (delay > 0) await setTimeout(delay);
    const identity = await this.checkPassword(username, password);
    if (!identity) {
      this.limiter.failed(username, address);
      throw wrongCredentials();
    }
    this.limiter.succeeded(username, address);
    return identity;
  }

  private async checkPassword(username: string, password: string): Promise<Identity | undefined> {
    const user = await this.passwords.check(username, password);
    if (user) return { username: user.username, groups: [...user.groups], provider: 'users' };
    const ldap = this.security.ldap;
    if (!ldap) return undefined;
    const found = await ldapAuthenticate(ldap, username, password);
    return (
      found && {
        username,
        groups: mapGroups(ldap, username, found.groups),
        provider: 'ldap',
        providerGroups: found.groups,
      }
    );
  }

  sessionToken(identity: Identity): string {
    const user = this.security.users.find((u) => u.username === identity.username);
    const claims: SessionClaims = {
      kind: 'session',
      sub: identity.username,
      provider: identity.provider,
      jti: newSessionId(),
      ...(identity.providerGroups
        ? { pg: groupsToKeep(this.config, identity.provider, identity.providerGroups) }
        : {}),
      ...(identity.provider === 'users' && user ? { pwv: passwordVersion(user.hash) } : {}),
    };
    return this.tokens.sign(claims, this.security.jwt.lifetimeSeconds);
  }

  /**
   * Logout: the session's token is refused from now on, here, by the replicas in `revocationPeers`, and
   * by every replica reading `revocationTopic` (`sharedRevocations`).
   */
  async endSession(session: Session, log: FastifyBaseLogger): Promise<void> {
    const shared = this.sharedRevocations;
    this.revocations.revoke(session);
    const sign = (claims: RevocationClaims, s: number) => this.sign(claims, s);
    await Promise.all([
      tellPeers(this.security.jwt.revocationPeers, session, sign, log),
      shared?.publish(revocationToken(session, sign), session.id),
    ]);
  }

  /** Another replica's logout, signed with the shared secret; false when the message is not genuine. */
  peerEndedSession(token: string): boolean {
    const claims = this.tokens.verify(token) as Partial<RevocationClaims> | undefined;
    if (claims?.kind !== 'revocation' || typeof claims.jti !== 'string') return false;
    if (typeof claims.sessionExp !== 'number') return false;
    this.revocations.revoke({ id: claims.jti, expiresAt: claims.sessionExp });
    return true;
  }

  /** Calls `onEnd` once when the session ends (logout or expiry); returns the unsubscribe. */
  watchSession(session: Session, onEnd: () => void): () => void {
    return this.revocations.watch(session, onEnd);
  }

  sign(claims: Record<string, unknown>, lifetimeSeconds: number): string {
    return this.tokens.sign(claims, lifetimeSeconds);
  }

  verify(token: string): Record<string, unknown> | undefined {
    return this.tokens.verify(token);
  }

  /** Default group ∪ the user's groups; everything allowed when security is off. */
  rights(identity: Identity | null): AccessRights {
    if (!this.security.enabled) return AccessRights.unrestricted(anonymousPermissions(this.security));
    return new AccessRights(
      true,
      groupPermissions(this.security, effectiveGroups(this.security, identity?.groups ?? [])),
    );
  }
}
