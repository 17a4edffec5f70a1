/**
 * The MCP authorization flow: a client gets an access token from the OIDC provider for the console's MCP
 * URL (RFC 8707) and calls /mcp with it. A real `oidc-provider` issues the tokens (RFC 9068 JWTs); the
 * console takes them on the MCP endpoint only, from the providers configured with `accessTokens`.
 */
import {
  createPrivateKey,
  createSign,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type OAuthClientProvider, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../packages/server/src/app.ts';
import { loadConfig } from '../../../packages/server/src/platform/config/load.ts';
import type { RunningApp } from '../../support/app.ts';
import { testKafka, uniqueName } from '../../support/kafka.ts';
import { type RunningOidc, startOidcProvider } from '../../support/oidc.ts';
import { sha256, withSecurity } from '../../support/security.ts';
import { auditUntil, call, mcpClient } from './mcp-client.ts';

const kafka = testKafka();
const REDIRECT = 'http://127.0.0.1:1/callback';
const auditor = { authorization: `Basic ${Buffer.from('auditor:pw').toString('base64')}` };

let idp: RunningOidc;
/** A provider the console is not configured for. */
let stranger: RunningOidc;
/** Accepts connections and never answers. */
let silent: Server;
/** Serves its discovery document, never its JWKS. */
let keyless: Server;
let app: RunningApp;
let mcpUrl: string;
let downIssuer: string;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** A port nobody listens on any more. */
async function freePort(): Promise<number> {
  const server = createServer();
  const url = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return Number(new URL(url).port);
}

/** A JWT signed with `key` (RS256 unless the header says otherwise). */
function jwt(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const input = `${part({ alg: 'RS256', typ: 'at+jwt', ...header })}.${part(claims)}`;
  return `${input}.${createSign('sha256').update(input).sign(key).toString('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);
const claimsFor = (iss: string, extra: Record<string, unknown> = {}) => ({
  iss,
  aud: mcpUrl,
  sub: 'alice',
  preferred_username: 'alice',
  groups: ['kafka-readers'],
  client_id: 'kafka-console',
  iat: now(),
  exp: now() + 300,
  jti: uniqueName('group'),
  ...extra,
});

/** One MCP message with `authorization`, as a client sends it; the raw answer. */
const postMcp = (authorization: string) =>
  fetch(mcpUrl, {
    method: 'POST',
    headers: {
      authorization,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });

beforeAll(async () => {
  idp = await startOidcProvider({
    alice: { groups: ['kafka-readers'] },
    olga: { groups: ['kafka-operators'] },
  });
  stranger = await startOidcProvider({ alice: { groups: ['kafka-readers'] } });
  silent = createServer(() => {});
  const silentIssuer = await listen(silent);
  keyless = createServer((req, res) => {
    if (req.url !== '/.well-known/openid-configuration') return;
    res.setHeader('content-type', 'application/json');
    const issuer = `http://${req.headers.host}`;
    res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, authorization_endpoint: `${issuer}/auth` }));
  });
  const keylessIssuer = await listen(keyless);
  downIssuer = `http://127.0.0.1:${await freePort()}`;

  const port = await freePort();
  mcpUrl = `http://127.0.0.1:${port}/mcp`;
  const auditTopic = uniqueName('topic');
  kafka.track(auditTopic);
  const provider = (issuer: string, timeoutMs = 5_000) => ({
    issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    scopes: ['openid', 'profile', 'groups'],
    allowInsecureHttp: true,
    groups: [
      { name: 'kafka-readers', groups: ['readers'] },
      { name: 'kafka-operators', groups: ['operators'] },
    ],
    accessTokens: { audience: mcpUrl, timeoutMs },
  });
  const secured = withSecurity({
    defaultGroup: null,
    groups: {
      readers: [{ role: 'reader' }],
      operators: [{ role: 'reader' }, { role: 'topic-admin' }],
      auditors: [{ role: 'audit-reader' }],
    },
    users: [{ username: 'auditor', password: sha256('pw'), groups: ['auditors'] }],
    oidc: {
      providers: {
        idp: provider(idp.issuer),
        // Same client, no accessTokens: its tokens are not taken, and it is not in the metadata.
        signInOnly: { ...provider(stranger.issuer), accessTokens: undefined },
        silent: provider(silentIssuer, 1_000),
        keyless: provider(keylessIssuer, 1_000),
        down: provider(downIssuer),
      },
    },
  });
  const file = process.env.STACK_CONFIG_FILE;
  if (!file) throw new Error('STACK_CONFIG_FILE is not set: the stack global setup did not run');
  const base = secured(loadConfig(['--config', file], {}));
  const config = {
    ...base,
    mcp: { enabled: true, allowWrites: true },
    audit: { ...base.audit, enabled: true, topic: auditTopic },
  };
  // On a port known before the start: the audience names it.
  const server = await buildApp(config, { logger: false });
  await server.listen({ host: '127.0.0.1', port });
  app = { url: `http://127.0.0.1:${port}`, config, close: () => server.close() };
  idp.register([REDIRECT]);
  stranger.register([REDIRECT]);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await Promise.all([idp?.stop(), stranger?.stop()]);
  for (const server of [silent, keyless]) {
    server?.closeAllConnections();
    server?.close();
  }
  await kafka.cleanup();
});

describe('MCP with the OIDC provider’s access tokens', () => {
  it('names only the providers taking access tokens as authorization servers', async () => {
    const metadata = await (await fetch(`${app.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata.resource).toBe(mcpUrl);
    expect(metadata.authorization_servers[0]).toBe(idp.issuer);
    expect(metadata.authorization_servers).not.toContain(stranger.issuer);
  });

  it("lets a reader's token list tools and read, and refuses its write with the API's 403", async () => {
    const token = await idp.accessToken('alice', mcpUrl, REDIRECT);
    const client = await mcpClient(app, { authorization: `Bearer ${token}` });
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('createTopic');
      expect((await call(client, 'getMe')).json).toMatchObject({ logged: true, username: 'alice' });
      const clusters = await call(client, 'listClusters');
      expect(clusters.isError).toBe(false);

      const name = uniqueName('topic');
      const refused = await call(client, 'createTopic', { cluster: 'local', body: { name } });
      expect(refused.isError).toBe(true);
      expect(refused.json).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Unauthorized: missing permission on resource TOPIC and action CREATE',
      });
      expect(await kafka.admin.listTopics()).not.toContain(name);
    } finally {
      await client.close();
    }
  });

  it("lets an operator's token write, and audits the calls as their users", async () => {
    const token = await idp.accessToken('olga', mcpUrl, REDIRECT);
    const client = await mcpClient(app, { authorization: `Bearer ${token}` });
    const name = uniqueName('topic');
    kafka.track(name);
    try {
      const created = await call(client, 'createTopic', { cluster: 'local', body: { name, partitions: 1 } });
      expect(created.isError).toBe(false);
    } finally {
      await client.close();
    }
    expect(await kafka.admin.listTopics()).toContain(name);
    const events = await auditUntil(
      app,
      'user=olga',
      (e) => e.some((x) => x.action === 'TOPIC:CREATE'),
      auditor,
    );
    expect(events.find((e) => e.action === 'TOPIC:CREATE')).toMatchObject({
      user: 'olga',
      via: 'mcp',
      outcome: 'success',
      object: name,
    });
    const alice = await auditUntil(app, 'user=alice', (e) => e.some((x) => x.outcome === 'refused'), auditor);
    expect(alice.find((e) => e.action === 'TOPIC:CREATE')).toMatchObject({ via: 'mcp', outcome: 'refused' });
  });

  it('is not taken by the REST API: its audience is the MCP endpoint', async () => {
    const token = await idp.accessToken('alice', mcpUrl, REDIRECT);
    const res = await fetch(`${app.url}/api/cluster`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect((await postMcp(`Bearer ${token}`)).status).toBe(200);
  });

  const key = (jwk: JsonWebKey) => createPrivateKey({ key: jwk, format: 'jwk' });
  const otherKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

  const refusals: [string, () => Promise<string>, RegExp][] = [
    [
      'a token for another audience',
      () => idp.accessToken('alice', 'http://127.0.0.1:1/other-api', REDIRECT),
      /audience is not/,
    ],
    [
      'an expired token',
      async () =>
        jwt(
          { kid: 'test' },
          claimsFor(idp.issuer, { iat: now() - 600, exp: now() - 120 }),
          key(idp.signingKey),
        ),
      /expired/,
    ],
    [
      'a token not valid yet',
      async () => jwt({ kid: 'test' }, claimsFor(idp.issuer, { nbf: now() + 600 }), key(idp.signingKey)),
      /not valid yet/,
    ],
    [
      'a token signed by another key under the same kid',
      async () => jwt({ kid: 'test' }, claimsFor(idp.issuer), otherKey()),
      /signature does not verify/,
    ],
    [
      'a token signed by a key the provider does not have',
      async () => jwt({ kid: 'someone-else' }, claimsFor(idp.issuer), otherKey()),
      /no key of the provider's JWKS matches it/,
    ],
    [
      'an ID token-like JWT without typ at+jwt',
      async () => jwt({ kid: 'test', typ: 'JWT' }, claimsFor(idp.issuer), key(idp.signingKey)),
      /typ is not at\+jwt/,
    ],
    [
      'a token claiming a symmetric algorithm (HS256)',
      async () => jwt({ kid: 'test', alg: 'HS256' }, claimsFor(idp.issuer), key(idp.signingKey)),
      /its algorithm is not one of/,
    ],
    [
      'an unsigned token (alg none)',
      async () => {
        const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        return `${part({ alg: 'none', typ: 'at+jwt' })}.${part(claimsFor(idp.issuer))}.`;
      },
      /refused/,
    ],
  ];

  for (const [what, make, why] of refusals) {
    it(`answers ${what} 401 with the metadata link`, async () => {
      const res = await postMcp(`Bearer ${await make()}`);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/mcp"`,
      );
      const body = await res.json();
      expect(body.code).toBe('UNAUTHORIZED');
      expect(body.message).toMatch(/^Access token of 'idp' refused: /);
      expect(body.message).toMatch(why);
    });
  }

  it('answers a token of an issuer not configured for access tokens 401 with the metadata link', async () => {
    const token = await stranger.accessToken('alice', mcpUrl, REDIRECT);
    const res = await postMcp(`Bearer ${token}`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect((await res.json()).code).toBe('UNAUTHORIZED');
  });

  it('answers at once when the provider is down, and within timeoutMs when it does not answer', async () => {
    const sign = (issuer: string) => `Bearer ${jwt({ kid: 'k' }, claimsFor(issuer), otherKey())}`;
    let started = Date.now();
    const down = await postMcp(sign(downIssuer));
    expect(down.status).toBe(502);
    expect((await down.json()).message).toMatch(/^Access token of 'down' not checked: .* cannot be reached/);
    expect(Date.now() - started).toBeLessThan(3_000);

    for (const [name, message] of [
      ['silent', /did not answer its discovery within 1000 ms/],
      ['keyless', /its JWKS did not answer within 1000 ms/],
    ] as const) {
      const issuer = app.config.security.oidc?.providers[name]?.issuer ?? '';
      started = Date.now();
      const res = await postMcp(sign(issuer));
      expect(res.status).toBe(504);
      expect((await res.json()).message).toMatch(message);
      expect(Date.now() - started).toBeLessThan(3_000);
    }
  });
});

/** An MCP client's OAuth state, in memory; the user's sign-in is done by the test. */
class TestOAuthClient implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = '';
  readonly redirectUrl = REDIRECT;
  readonly clientMetadata = {
    client_name: 'console tests',
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code'],
    response_types: ['code'],
  };
  clientInformation(): OAuthClientInformationMixed {
    return { client_id: idp.clientId, client_secret: idp.clientSecret };
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

describe("the MCP SDK's own OAuth client", () => {
  it('discovers the provider from the 401, signs in with the resource indicator and calls the tools', async () => {
    const oauth = new TestOAuthClient();
    const first = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: oauth });
    await expect(new Client({ name: 'console-tests', version: '1.0.0' }).connect(first)).rejects.toThrow(
      UnauthorizedError,
    );
    const authorize = oauth.authorizationUrl;
    expect(authorize?.origin).toBe(idp.issuer);
    expect(authorize?.searchParams.get('resource')).toBe(mcpUrl);
    expect(authorize?.searchParams.get('code_challenge_method')).toBe('S256');

    const code = await idp.approve(authorize?.href ?? '', 'alice', REDIRECT);
    await first.finishAuth(code);
    expect(oauth.tokens()?.access_token).toBeTruthy();

    const client = new Client({ name: 'console-tests', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: oauth }));
    try {
      expect((await call(client, 'getMe')).json).toMatchObject({ logged: true, username: 'alice' });
    } finally {
      await client.close();
    }
  });
});
