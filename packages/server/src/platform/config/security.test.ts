import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, parseConfig } from './load.ts';

const minimal = { clusters: { local: { properties: { 'bootstrap.servers': 'k:9092' } } } };
const withSecurity = (security: Record<string, unknown>) => ({ ...minimal, security });
const SHA = 'a'.repeat(64);

describe('security config', () => {
  it('fills defaults: no users, a 1-hour session, login limits', () => {
    const { security } = parseConfig(minimal);
    expect(security.users).toEqual([]);
    expect(security.jwt).toEqual({ lifetimeSeconds: 3600, revocationPeers: [] });
    expect(security.loginRateLimit).toEqual({
      maxFailuresPerUser: 5,
      maxFailuresPerAddress: 20,
      windowSeconds: 300,
      maxDelaySeconds: 10,
    });
  });

  it("fills an OIDC provider's accessTokens defaults: asymmetric algorithms, typ at+jwt, 30 s skew, 5 s waits", () => {
    const { security } = parseConfig(
      withSecurity({
        oidc: {
          providers: { kc: { issuer: 'https://idp', clientId: 'c', accessTokens: { audience: 'a' } } },
        },
      }),
    );
    expect(security.oidc?.providers.kc?.accessTokens).toEqual({
      audience: 'a',
      algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
      requireType: true,
      clockToleranceSeconds: 30,
      timeoutMs: 5_000,
    });
  });

  it('infers the hash kind of each user', () => {
    const bcrypt = `$2b$10$${'a'.repeat(53)}`;
    const { security } = parseConfig(
      withSecurity({
        users: [
          { username: 'a', password: SHA, groups: ['admin'] },
          { username: 'b', password: bcrypt },
        ],
      }),
    );
    expect(security.users.map((u) => u.kind)).toEqual(['SHA256', 'BCRYPT']);
  });

  it.each([
    [
      { users: [{ username: 'a', password: 'plain-text' }] },
      'security.users.0.password: must be a bcrypt hash',
    ],
    [
      { users: [{ username: 'a', password: SHA, groups: ['ghosts'] }] },
      "security.users.0.groups.0: no group 'ghosts'",
    ],
    [
      { users: [{ username: 'a', password: SHA, passwordHash: 'BCRYPT' }] },
      'security.users.0.password: not a bcrypt hash',
    ],
    [
      { users: [{ username: 'a', password: `$2x$10$${'a'.repeat(53)}` }] },
      'security.users.0.password: $2x$ bcrypt hashes cannot be verified; hash the password again with $2b$',
    ],
    [
      { users: [{ username: 'a', password: `$2$10$${'a'.repeat(53)}` }] },
      'security.users.0.password: $2$ bcrypt hashes cannot be verified',
    ],
    [{ jwt: { secret: 'short' } }, 'security.jwt.secret: use at least 32 characters'],
    [
      { jwt: { revocationPeers: ['http://console-1:8080/'] } },
      'security.jwt.revocationPeers: replicas told of logouts must share security.jwt.secret',
    ],
    [
      { ldap: { url: 'http://x', userBase: 'dc=x' } },
      'security.ldap.url: must be an ldap:// or ldaps:// URL',
    ],
    [
      { ldap: { url: 'ldap://x', userBase: 'dc=x', groups: [{ name: 'g', groups: ['nope'] }] } },
      "security.ldap.groups.0.groups.0: no group 'nope'",
    ],
    [
      { headerAuth: { userHeader: 'x-user', trustedProxies: ['10.0.0.0/33'] } },
      'security.headerAuth.trustedProxies.0: not an IP address',
    ],
    [
      { headerAuth: { userHeader: 'x-user', trustedProxies: [] } },
      'security.headerAuth.trustedProxies: list the proxy addresses',
    ],
    [
      { oidc: { providers: { kc: { issuer: 'https://idp', clientId: 'c', defaultGroup: 'nope' } } } },
      "security.oidc.providers.kc.defaultGroup: no group 'nope'",
    ],
    [{ oidc: { providers: { kc: { issuer: 'https://idp' } } } }, 'security.oidc.providers.kc.clientId:'],
    [
      {
        oidc: { providers: { kc: { issuer: 'https://idp', clientId: 'c' } } },
        oauth2: {
          providers: {
            kc: {
              authorizationUrl: 'https://a',
              tokenUrl: 'https://t',
              userInfoUrl: 'https://u',
              clientId: 'c',
            },
          },
        },
      },
      "security.oauth2.providers.kc: 'kc' is also an OIDC provider",
    ],
    [
      {
        oauth2: { providers: { gh: { authorizationUrl: 'ftp://a', tokenUrl: 'https://t', clientId: 'c' } } },
      },
      'security.oauth2.providers.gh.authorizationUrl: must be an http(s) URL',
    ],
    [
      { oidc: { providers: { kc: { issuer: 'https://idp', clientId: 'c', accessTokens: {} } } } },
      'security.oidc.providers.kc.accessTokens.audience:',
    ],
    [
      {
        oidc: {
          providers: {
            kc: {
              issuer: 'https://idp',
              clientId: 'c',
              accessTokens: { audience: 'https://k/mcp', aud: 'x' },
            },
          },
        },
      },
      'security.oidc.providers.kc.accessTokens.aud: unknown key',
    ],
    [
      {
        oidc: {
          providers: {
            kc: {
              issuer: 'https://idp',
              clientId: 'c',
              accessTokens: { audience: 'a', algorithms: ['HS256'] },
            },
          },
        },
      },
      'security.oidc.providers.kc.accessTokens.algorithms.0:',
    ],
    [
      {
        oidc: {
          providers: {
            kc: { issuer: 'https://idp/', clientId: 'c', accessTokens: { audience: 'a' } },
            kc2: { issuer: 'https://idp', clientId: 'd', accessTokens: { audience: 'a' } },
          },
        },
      },
      "security.oidc.providers.kc2.accessTokens: 'kc' already takes access tokens of https://idp",
    ],
    [{ groups: { g: [{ role: 'nope' }] } }, "security.groups.g.0.role: no role 'nope'"],
    [{ usres: [] }, 'security.usres: unknown key'],
  ])('refuses %j naming the key', (security, message) => {
    expect(() => parseConfig(withSecurity(security))).toThrow(ConfigError);
    expect(() => parseConfig(withSecurity(security))).toThrow(message);
  });
});

describe('config.example.yaml security examples', () => {
  it("stay valid when their '#~' marks are removed", () => {
    const file = new URL('../../../../../config.example.yaml', import.meta.url);
    const text = readFileSync(file, 'utf8').replace(/^(\s*)#~ /gm, '$1');
    const { security } = parseConfig(parse(text));
    expect(security.ldap?.groupFilter).toContain('member={0}');
    expect(Object.keys(security.oidc?.providers ?? {})).toEqual(['keycloak']);
    expect(security.headerAuth?.trustedProxies).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(security.users.map((u) => u.kind)).toEqual(['BCRYPT', 'SHA256']);
  });
});
