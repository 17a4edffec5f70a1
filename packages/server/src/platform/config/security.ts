import { isIP } from 'node:net';
import { Action, Resource } from '@console/contract';
import { z } from 'zod';
import { DEFAULT_GROUPS, DEFAULT_ROLES } from './defaults.ts';
import { MaskingRules, MaskingSecret, maskingIssues } from './masking.ts';
import { regex } from './regex.ts';

const Binding = z.strictObject({
  role: z.string(),
  patterns: z.array(regex).default(['.*']),
  clusters: z.array(regex).default(['.*']),
});

// `$2x$` (crypt_blowfish's buggy variant for 8-bit characters) and `$2$` (the original, without the
// NUL terminator) cannot be verified by bcryptjs (it throws on the first and never matches the second):
// refused at start, naming the key.
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const BCRYPT_UNVERIFIABLE = /^\$2x?\$/;
const SHA256 = /^[0-9a-fA-F]{64}$/;

/** A user of the login form and of HTTP Basic; `password` is a hash, never the password itself. */
const User = z
  .strictObject({
    username: z.string().min(1),
    password: z.string(),
    /** Inferred from the hash when absent; SHA256 is lowercase hex of the UTF-8 password (AKHQ configs). */
    passwordHash: z.enum(['BCRYPT', 'SHA256']).optional(),
    groups: z.array(z.string()).default([]),
  })
  .transform((user, ctx) => {
    if (BCRYPT_UNVERIFIABLE.test(user.password)) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: `${user.password.slice(0, user.password.indexOf('$', 1) + 1)} bcrypt hashes cannot be verified; hash the password again with $2b$ (e.g. htpasswd -nbBC 12)`,
      });
      return z.NEVER;
    }
    const kind = user.passwordHash ?? (BCRYPT.test(user.password) ? 'BCRYPT' : 'SHA256');
    if (!(kind === 'BCRYPT' ? BCRYPT : SHA256).test(user.password)) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message:
          kind === 'BCRYPT'
            ? 'not a bcrypt hash ($2a$/$2b$/$2y$...)'
            : 'must be a bcrypt hash or the 64-hex-digit SHA-256 of the password',
      });
      return z.NEVER;
    }
    return { username: user.username, hash: user.password, kind, groups: user.groups };
  });

/**
 * How an external identity (LDAP, OIDC, header) becomes console groups (docs/security.md#groups-of-a-user):
 * the user's own entry ∪ the entries of the provider groups the user is in (names compared
 * case-insensitively) ∪ the provider's default group.
 */
const GroupMapping = {
  defaultGroup: z.string().optional(),
  groups: z.array(z.strictObject({ name: z.string(), groups: z.array(z.string()) })).default([]),
  users: z.array(z.strictObject({ username: z.string(), groups: z.array(z.string()) })).default([]),
};
const GroupMappingSchema = z.strictObject(GroupMapping);
export type GroupMappingConfig = z.output<typeof GroupMappingSchema>;

const Ldap = z.strictObject({
  url: z.string().regex(/^ldaps?:\/\/\S+$/, 'must be an ldap:// or ldaps:// URL'),
  /** Account that searches for users and groups; anonymous bind when absent. */
  bindDn: z.string().optional(),
  bindPassword: z.string().optional(),
  startTls: z.boolean().default(false),
  timeoutMs: z.number().int().positive().default(5_000),
  userBase: z.string().min(1),
  /** `{0}` is the username, escaped. */
  userFilter: z.string().default('(uid={0})'),
  groupBase: z.string().optional(),
  /** `{0}` is the user's DN, `{1}` the username, both escaped. */
  groupFilter: z.string().default('(|(member={0})(uniqueMember={0})(memberUid={1}))'),
  groupNameAttribute: z.string().default('cn'),
  ...GroupMapping,
});

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

/**
 * Signature algorithms an access token may use: asymmetric only (the provider's JWKS holds public keys),
 * never `none` nor HS*.
 */
export const ACCESS_TOKEN_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
] as const;

/**
 * Opt-in: the MCP endpoint takes this provider's JWT access tokens (RFC 9068) as `Authorization: Bearer`,
 * the MCP authorization flow (docs/mcp.md#authentication).
 */
const AccessTokens = z.strictObject({
  /** What `aud` must contain: the MCP endpoint's URL, `{server.publicUrl}mcp`, the metadata's `resource`. */
  audience: z.string().min(1),
  algorithms: z.array(z.enum(ACCESS_TOKEN_ALGORITHMS)).min(1).default(['RS256', 'PS256', 'ES256', 'EdDSA']),
  /** RFC 9068's `typ: at+jwt` header; false for providers whose access tokens say `JWT` (Keycloak, Entra ID). */
  requireType: z.boolean().default(true),
  clockToleranceSeconds: z.number().int().min(0).max(300).default(30),
  /** The longest wait for the provider's discovery document and for its JWKS. */
  timeoutMs: z.number().int().positive().max(60_000).default(5_000),
});

const OidcProvider = z.strictObject({
  label: z.string().default('Login with OIDC'),
  issuer: httpUrl,
  clientId: z.string().min(1),
  clientSecret: z.string().optional(),
  scopes: z.array(z.string()).default(['openid', 'profile', 'email']),
  /** Claim holding the username; nested paths with `.`. */
  usernameClaim: z.string().default('preferred_username'),
  /** Claim holding the provider's groups or roles (array or string); nested paths with `.`. */
  groupsClaim: z.string().default('groups'),
  /** Where the provider sends the browser back; by default under `server.publicUrl`, else the request's host. */
  redirectUri: z.url().optional(),
  /** Permit a plain-http issuer (tests, a provider on the same host). */
  allowInsecureHttp: z.boolean().default(false),
  accessTokens: AccessTokens.optional(),
  ...GroupMapping,
});

/** A plain OAuth2 provider (e.g. GitHub): no discovery, no ID token; the identity comes from `userInfoUrl`. */
const OAuth2Provider = z.strictObject({
  label: z.string().default('Login with OAuth'),
  authorizationUrl: httpUrl,
  tokenUrl: httpUrl,
  userInfoUrl: httpUrl,
  clientId: z.string().min(1),
  clientSecret: z.string().optional(),
  scopes: z.array(z.string()).default([]),
  /** Field of the user-info answer holding the username; nested paths with `.`. */
  usernameField: z.string().default('login'),
  /** Field of the user-info answer holding the provider's groups (array or string); nested paths with `.`. */
  groupsField: z.string().default('groups'),
  redirectUri: z.url().optional(),
  allowInsecureHttp: z.boolean().default(false),
  ...GroupMapping,
});

/** An IPv4 or IPv6 address, or a CIDR range. */
export const address = z.string().refine(
  (value) => {
    const [ip, bits, extra] = value.split('/');
    if (extra !== undefined || !ip || !isIP(ip)) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(ip) === 4 ? 32 : 128));
  },
  { message: 'not an IP address or CIDR range' },
);

const HeaderAuth = z.strictObject({
  userHeader: z.string().min(1),
  groupsHeader: z.string().optional(),
  groupsHeaderSeparator: z.string().min(1).default(','),
  /** Only requests whose socket address is one of these carry trusted headers. */
  trustedProxies: z.array(address).min(1, 'list the proxy addresses the headers are trusted from'),
  ...GroupMapping,
});

export const Security = z.strictObject({
  enabled: z.boolean().default(false),
  /** Bindings everyone gets, anonymous users included; null means anonymous users get nothing. */
  defaultGroup: z.string().nullable().default('admin'),
  roles: z
    .record(z.string(), z.array(z.strictObject({ resources: z.array(Resource), actions: z.array(Action) })))
    .prefault(DEFAULT_ROLES),
  groups: z.record(z.string(), z.array(Binding)).prefault(DEFAULT_GROUPS),
  users: z.array(User).default([]),
  /**
   * Connector classes each role may create or update connectors with (full-match regexes on
   * `connector.class`); a role not listed may use any class. docs/connector-permissions.md.
   */
  connectorClasses: z.record(z.string(), z.array(regex)).default({}),
  /** Who sees which record fields masked (docs/masking.md); `maskingSecret` keys the HASH mask. */
  masking: MaskingRules,
  maskingSecret: MaskingSecret,
  ldap: Ldap.optional(),
  oidc: z.strictObject({ providers: z.record(z.string().regex(/^[\w-]+$/), OidcProvider) }).optional(),
  oauth2: z.strictObject({ providers: z.record(z.string().regex(/^[\w-]+$/), OAuth2Provider) }).optional(),
  headerAuth: HeaderAuth.optional(),
  jwt: z
    .strictObject({
      /** HS256 secret; without it a random one is made at start and sessions end with the process. */
      secret: z.string().min(32, 'use at least 32 characters').optional(),
      lifetimeSeconds: z.number().int().positive().default(3_600),
      /**
       * The console's replicas (base URLs, basePath included), each told of every logout so that all
       * of them refuse the ended session's token; a replica may list itself. Needs a shared `secret`.
       */
      revocationPeers: z.array(httpUrl).default([]),
      /**
       * A topic of the console's own (created if missing) where every logout is written and every
       * replica reads them: replicas behind a load balancer need no list of each other. On the cluster
       * `revocationCluster`, default the first configured one. Needs a shared `secret`.
       */
      revocationTopic: z.string().min(1).max(249).optional(),
      revocationCluster: z.string().optional(),
    })
    .refine((jwt) => jwt.revocationPeers.length === 0 || jwt.secret !== undefined, {
      message: 'replicas told of logouts must share security.jwt.secret: set it',
      path: ['revocationPeers'],
    })
    .refine((jwt) => jwt.revocationTopic === undefined || jwt.secret !== undefined, {
      message: 'replicas reading logouts from a topic must share security.jwt.secret: set it',
      path: ['revocationTopic'],
    })
    .prefault({}),
  loginRateLimit: z
    .strictObject({
      maxFailuresPerUser: z.number().int().positive().default(5),
      maxFailuresPerAddress: z.number().int().positive().default(20),
      windowSeconds: z.number().int().positive().default(300),
      /** Past maxFailuresPerUser, attempts for that name wait 1 s, doubling per failure, up to this. */
      maxDelaySeconds: z.number().int().min(0).default(10),
    })
    .prefault({}),
});

export type SecurityConfig = z.output<typeof Security>;
export type LdapConfig = z.output<typeof Ldap>;
export type OidcProviderConfig = z.output<typeof OidcProvider>;
export type AccessTokensConfig = z.output<typeof AccessTokens>;
export type OAuth2ProviderConfig = z.output<typeof OAuth2Provider>;
export type HeaderAuthConfig = z.output<typeof HeaderAuth>;

type Issue = { path: (string | number)[]; message: string };

/** Every group name a user, a mapping or the default group mentions must exist, and every role. */
export function securityIssues(security: SecurityConfig): Issue[] {
  const issues: Issue[] = [];
  const group = (name: string | null | undefined, path: (string | number)[]) => {
    if (name !== null && name !== undefined && !security.groups[name]) {
      issues.push({ path: ['security', ...path], message: `no group '${name}'` });
    }
  };
  const groupLists = (entries: readonly { groups: string[] }[], path: (string | number)[]) => {
    entries.forEach((entry, i) => {
      entry.groups.forEach((g, j) => {
        group(g, [...path, i, 'groups', j]);
      });
    });
  };
  group(security.defaultGroup, ['defaultGroup']);
  for (const [name, bindings] of Object.entries(security.groups)) {
    bindings.forEach((b, i) => {
      if (!security.roles[b.role]) {
        issues.push({ path: ['security', 'groups', name, i, 'role'], message: `no role '${b.role}'` });
      }
    });
  }
  groupLists(security.users, ['users']);
  for (const role of Object.keys(security.connectorClasses)) {
    if (!security.roles[role]) {
      issues.push({ path: ['security', 'connectorClasses', role], message: `no role '${role}'` });
    }
  }
  const mappings: [(string | number)[], GroupMappingConfig][] = [];
  if (security.ldap) mappings.push([['ldap'], security.ldap]);
  if (security.headerAuth) mappings.push([['headerAuth'], security.headerAuth]);
  const byIssuer = new Map<string, string>();
  for (const [key, provider] of Object.entries(security.oidc?.providers ?? {})) {
    mappings.push([['oidc', 'providers', key], provider]);
    // An access token names its issuer, which must name one provider: its group mapping and its tag.
    if (!provider.accessTokens) continue;
    const issuer = provider.issuer.replace(/\/$/, '');
    const other = byIssuer.get(issuer);
    if (other !== undefined) {
      issues.push({
        path: ['security', 'oidc', 'providers', key, 'accessTokens'],
        message: `'${other}' already takes access tokens of ${provider.issuer}`,
      });
    }
    byIssuer.set(issuer, key);
  }
  for (const [key, provider] of Object.entries(security.oauth2?.providers ?? {})) {
    mappings.push([['oauth2', 'providers', key], provider]);
    // Both kinds share /oauth/login/{provider}: a key names one provider.
    if (security.oidc?.providers[key]) {
      issues.push({
        path: ['security', 'oauth2', 'providers', key],
        message: `'${key}' is also an OIDC provider`,
      });
    }
  }
  issues.push(...maskingIssues(security));
  for (const [path, mapping] of mappings) {
    group(mapping.defaultGroup, [...path, 'defaultGroup']);
    groupLists(mapping.groups, [...path, 'groups']);
    groupLists(mapping.users, [...path, 'users']);
  }
  return issues;
}
