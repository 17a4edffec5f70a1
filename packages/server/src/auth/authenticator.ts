import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/schema.ts';
import { AppError } from '../errors.ts';
import { mapGroups } from './group-mapping.ts';
import { type HeaderIdentity, headerAuthenticator } from './header-auth.ts';
import { ldapAuthenticate } from './ldap.ts';
import { LoginLimiter } from './login-limiter.ts';
import type { LoginProviders } from './login-providers.ts';
import { OAuth2Providers } from './oauth2.ts';
import { OidcProviders } from './oidc.ts';
import { checkUser } from './passwords.ts';
import { AccessRights, anonymousPermissions, effectiveGroups, groupPermissions } from './roles.ts';

export type Identity = {
  username: string;
  /** Console group names; the bindings are looked up in the config at each request. */
  groups: string[];
  /** `users`, `ldap`, `header`, `oidc:<provider>` or `oauth2:<provider>`. */
  provider: string;
};

export const SESSION_COOKIE = 'JWT';

/** Signs and checks the console's HS256 tokens (sessions and OIDC round trips). */
export type TokenSigner = {
  sign: (claims: Record<string, unknown>, lifetimeSeconds: number) => string;
  /** The claims of a valid, unexpired token, else undefined. */
  verify: (token: string) => Record<string, unknown> | undefined;
};

type SessionClaims = { kind: 'session'; sub: string; groups: string[]; provider: string };

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
  readonly limiter: LoginLimiter;
  private readonly tokens: TokenSigner;
  private readonly fromHeaders:
    | ((peer: string | undefined, h: FastifyRequest['headers']) => HeaderIdentity | undefined)
    | undefined;
  private readonly basicCache = new Map<string, { identity: Identity; until: number }>();

  constructor(config: Config, tokens: TokenSigner) {
    this.config = config;
    this.tokens = tokens;
    this.oidc = new OidcProviders(config.security.oidc?.providers);
    this.oauth2 = new OAuth2Providers(config.security.oauth2?.providers);
    this.limiter = new LoginLimiter(config.security.loginRateLimit);
    this.fromHeaders = config.security.headerAuth
      ? headerAuthenticator(config.security.headerAuth)
      : undefined;
  }

  get security() {
    return this.config.security;
  }

  /** The login form is offered when users or LDAP can check a password (contract §3.1). */
  get formEnabled(): boolean {
    return this.security.users.length > 0 || this.security.ldap !== undefined;
  }

  get loginEnabled(): boolean {
    if (!this.security.enabled) return false;
    // A proxy that logs everyone in leaves nothing to log in with (contract §3.1, /api/auths).
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

  async identify(request: FastifyRequest): Promise<Identity | null> {
    if (!this.security.enabled) return null;
    const proxied = this.fromHeaders?.(request.socket.remoteAddress, request.headers);
    if (proxied) return { ...proxied, provider: 'header' };
    const authorization = request.headers.authorization ?? '';
    const [scheme = '', value = ''] = authorization.split(' ', 2);
    if (scheme.toLowerCase() === 'bearer') return this.fromToken(value.trim());
    if (scheme.toLowerCase() === 'basic') return this.fromBasic(value.trim(), request.ip);
    const cookie = request.cookies?.[SESSION_COOKIE];
    return cookie ? this.fromToken(cookie) : null;
  }

  private fromToken(token: string): Identity | null {
    const claims = this.tokens.verify(token) as Partial<SessionClaims> | undefined;
    if (claims?.kind !== 'session' || typeof claims.sub !== 'string') return null;
    return {
      username: claims.sub,
      groups: Array.isArray(claims.groups) ? claims.groups.filter((g) => typeof g === 'string') : [],
      provider: typeof claims.provider === 'string' ? claims.provider : 'users',
    };
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
    this.limiter.check(username, address);
    const identity = await this.checkPassword(username, password);
    if (!identity) {
      this.limiter.failed(username, address);
      throw wrongCredentials();
    }
    this.limiter.succeeded(username);
    return identity;
  }

  private async checkPassword(username: string, password: string): Promise<Identity | undefined> {
    const user = await checkUser(this.security.users, username, password);
    if (user) return { username: user.username, groups: [...user.groups], provider: 'users' };
    const ldap = this.security.ldap;
    if (!ldap) return undefined;
    const found = await ldapAuthenticate(ldap, username, password);
    return found && { username, groups: mapGroups(ldap, username, found.groups), provider: 'ldap' };
  }

  sessionToken(identity: Identity): string {
    const claims: SessionClaims = {
      kind: 'session',
      sub: identity.username,
      groups: identity.groups,
      provider: identity.provider,
    };
    return this.tokens.sign(claims, this.security.jwt.lifetimeSeconds);
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
