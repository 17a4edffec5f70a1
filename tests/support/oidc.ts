import { createHash, generateKeyPairSync, type JsonWebKey, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type FindAccount } from 'oidc-provider';

/** The provider's users and the groups claim each one carries. */
export type OidcUsers = Record<string, { groups: string[] }>;

export type RunningOidc = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Creates the provider once the console's callback address is known. */
  register: (redirectUris: string[]) => void;
  /**
   * Signs in `username` (authorization code flow with PKCE, headless, through the provider's own
   * sign-in page) asking for `resource` (RFC 8707), and answers the token endpoint's access token: a JWT
   * for that resource. `redirectUri` must be one given to `register`; nothing is sent there.
   */
  accessToken: (username: string, resource: string, redirectUri: string) => Promise<string>;
  /**
   * The user's part of a client's sign-in: opens `authorizationUrl` (one the client made), signs in
   * `username` and answers the code the provider sends to `redirectUri`.
   */
  approve: (authorizationUrl: string, username: string, redirectUri: string) => Promise<string>;
  /** The provider's signing key (private JWK, kid `test`): tests make tokens the provider could have. */
  signingKey: JsonWebKey;
  stop: () => Promise<void>;
};

/** The scope each resource server (RFC 8707) grants, besides the OpenID ones. */
export const RESOURCE_SCOPE = 'mcp';

const page = (uid: string, prompt: string) => `<!doctype html>
<html><head><title>Test identity provider</title></head><body>
<h1>Test identity provider</h1>
<p>Prompt: ${prompt}</p>
<form method="post" action="/interaction/${uid}/login">
  <label>Username <input name="username" autocomplete="off" /></label>
  <button type="submit">Sign in</button>
</form></body></html>`;

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A real OpenID provider (the `oidc-provider` package) on a free loopback port: authorization code
 * flow with PKCE required, one confidential client, and a sign-in page that takes a username (the
 * password step is not what the console's tests are about). Sign-in grants consent at once.
 */
export async function startOidcProvider(users: OidcUsers): Promise<RunningOidc> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end('provider not registered yet');
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'kafka-console';
  const clientSecret = 'kafka-console-test-secret';

  const findAccount: FindAccount = async (_ctx, id) => {
    const user = users[id];
    if (!user) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, preferred_username: id, groups: user.groups }) };
  };

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const register = (redirectUris: string[]) => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      findAccount,
      scopes: ['openid', 'profile', 'groups', RESOURCE_SCOPE],
      features: {
        devInteractions: { enabled: false },
        // Any resource asked for gets RS256 JWT access tokens (RFC 9068) with that audience.
        resourceIndicators: {
          enabled: true,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx, resource) => ({
            audience: resource,
            scope: RESOURCE_SCOPE,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          }),
        },
      },
      // What a provider puts in an access token for its resource servers (Keycloak's mappers, Entra's
      // optional claims): the username and the groups.
      extraTokenClaims: async (_ctx, token) => {
        // Client credentials tokens have no account.
        const { accountId } = token as { accountId?: string };
        const user = accountId ? users[accountId] : undefined;
        return user ? { preferred_username: accountId, groups: user.groups } : undefined;
      },
      claims: { openid: ['sub'], profile: ['preferred_username'], groups: ['groups'] },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      pkce: { required: () => true },
      cookies: { keys: ['oidc-test-cookie-key'] },
      jwks: { keys: [{ ...signingKey, kid: 'test', alg: 'RS256', use: 'sig' }] },
      ttl: {
        Interaction: 600,
        Grant: 600,
        Session: 600,
        AccessToken: 600,
        IdToken: 600,
        AuthorizationCode: 60,
      },
    });
    const callback = provider.callback();

    handle = (req, res) => {
      const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url?.split('?')[0] ?? '');
      if (!match) {
        callback(req, res);
        return;
      }
      void (async () => {
        try {
          const details = await provider.interactionDetails(req, res);
          if (!match[2]) {
            res.setHeader('content-type', 'text/html; charset=utf-8');
            res.end(page(details.uid, details.prompt.name));
            return;
          }
          const accountId = (await formBody(req)).get('username') ?? '';
          if (!users[accountId]) {
            await provider.interactionFinished(req, res, {
              error: 'access_denied',
              error_description: 'unknown user',
            });
            return;
          }
          const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
          grant.addOIDCScope(String(details.params.scope));
          const { resource } = details.params;
          if (typeof resource === 'string') grant.addResourceScope(resource, RESOURCE_SCOPE);
          const grantId = await grant.save();
          await provider.interactionFinished(
            req,
            res,
            { login: { accountId }, consent: { grantId } },
            { mergeWithLastSubmission: false },
          );
        } catch (error) {
          res.statusCode = 500;
          res.end(String(error));
        }
      })();
    };
  };

  return {
    issuer,
    clientId,
    clientSecret,
    register,
    accessToken: (username, resource, redirectUri) =>
      codeFlowToken({ issuer, clientId, clientSecret }, username, resource, redirectUri),
    approve: (authorizationUrl, username, redirectUri) =>
      approve(issuer, authorizationUrl, username, redirectUri),
    signingKey,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser's part of the authorization code flow, without a browser: open the authorization URL, sign
 * in on the provider's form (its cookies kept by hand), and catch the redirect back to `redirectUri`
 * rather than follow it. Answers the authorization code.
 */
async function approve(issuer: string, authorizationUrl: string, username: string, redirectUri: string) {
  const cookies = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  let res = await go(authorizationUrl);
  const interaction = new URL(res.headers.get('location') ?? '', issuer).href;
  res = await go(`${interaction}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username }).toString(),
  });
  // Back to the authorization endpoint, which sends the browser to the client with the code.
  while (res.status >= 300 && res.status < 400) {
    const next = new URL(res.headers.get('location') ?? '', issuer);
    if (next.href.startsWith(redirectUri)) {
      const code = next.searchParams.get('code');
      if (!code) throw new Error(`the provider answered ${next.search}`);
      return code;
    }
    res = await go(next.href);
  }
  throw new Error(`the sign-in of ${username} ended at ${res.status}: ${await res.text()}`);
}

/** A client's authorization code flow with PKCE for `resource`: the access token it gets. */
async function codeFlowToken(
  client: { issuer: string; clientId: string; clientSecret: string },
  username: string,
  resource: string,
  redirectUri: string,
): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${client.issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: `openid profile groups ${RESOURCE_SCOPE}`,
    resource,
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const code = await approve(client.issuer, authorize.href, username, redirectUri);
  const token = await fetch(`${client.issuer}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      resource,
    }).toString(),
  });
  const answer = (await token.json()) as { access_token?: string };
  if (!answer.access_token) throw new Error(`no access token: ${JSON.stringify(answer)}`);
  return answer.access_token;
}
