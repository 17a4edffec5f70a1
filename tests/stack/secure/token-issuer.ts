// An OAuth2 token endpoint for the client_credentials grant, for Kafka's OAUTHBEARER: the `oidc-provider`
// package (as tests/support/oidc.ts) with RS256 JWT access tokens (resource indicators, RFC 8707), so
// the broker validates them against the JWKS alone. Token lifetime: `tokenSeconds`, or per request
// POST /ttl/<seconds>/token, since the Java client sends nothing but grant_type and scope.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface IssuerOptions {
  port: number;
  audience: string;
  scope: string;
  clients: { id: string; secret: string }[];
  tokenSeconds: number;
}

export interface RunningIssuer {
  issuer: string;
  tokenEndpoint: string;
  jwksUrl: string;
  close: () => Promise<void>;
}

const TTL_PATH = /^\/ttl\/(\d{1,6})\/token(\?.*)?$/;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * oidc-provider holds each client to one registered authentication method; RFC 6749 §2.3.1 lets a client
 * send its secret in the form instead of HTTP Basic, so form credentials become a Basic header. The body
 * is read here, so the provider takes `req.body` (its documented fallback for parsed bodies).
 */
async function formCredentialsToBasic(req: IncomingMessage): Promise<void> {
  const form = new URLSearchParams(await readBody(req));
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  if (id && secret && !req.headers.authorization) {
    const basic = `${encodeURIComponent(id)}:${encodeURIComponent(secret)}`;
    req.headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
    form.delete('client_id');
    form.delete('client_secret');
  }
  const body = form.toString();
  req.headers['content-length'] = String(Buffer.byteLength(body));
  (req as IncomingMessage & { body: string }).body = body;
}

export async function startTokenIssuer(options: IssuerOptions): Promise<RunningIssuer> {
  const ttlOf = new WeakMap<IncomingMessage, number>();
  let handle: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const tokenSeconds = (req: IncomingMessage) => ttlOf.get(req) ?? options.tokenSeconds;

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.id,
      client_secret: c.secret,
      grant_types: ['client_credentials'],
      redirect_uris: [],
      response_types: [],
      scope: options.scope,
    })),
    scopes: [options.scope],
    jwks: { keys: [{ ...key, kid: 'secure-stack', alg: 'RS256', use: 'sig' }] },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // The Java client sends no `resource`: every token is for the broker.
        defaultResource: () => `urn:${options.audience}`,
        useGrantedResource: () => true,
        getResourceServerInfo: (ctx) => ({
          audience: options.audience,
          scope: options.scope,
          accessTokenFormat: 'jwt',
          accessTokenTTL: tokenSeconds(ctx.req),
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    ttl: { ClientCredentials: (ctx) => tokenSeconds(ctx.req) },
  });
  const callback = provider.callback();
  handle = (req, res) => {
    const ttl = TTL_PATH.exec(req.url ?? '');
    if (ttl) {
      ttlOf.set(req, Number(ttl[1]));
      req.url = `/token${ttl[2] ?? ''}`;
    }
    if (req.method !== 'POST' || !req.url?.startsWith('/token')) return callback(req, res);
    formCredentialsToBasic(req).then(
      () => callback(req, res),
      (error: unknown) => {
        res.statusCode = 400;
        res.end(String(error));
      },
    );
  };

  return {
    issuer,
    tokenEndpoint: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
