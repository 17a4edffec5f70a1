import { generateKeyPairSync } from 'node:crypto';
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
  stop: () => Promise<void>;
};

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
      scopes: ['openid', 'profile', 'groups'],
      claims: { openid: ['sub'], profile: ['preferred_username'], groups: ['groups'] },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      features: { devInteractions: { enabled: false } },
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
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
