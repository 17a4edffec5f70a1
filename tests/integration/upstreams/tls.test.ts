// The console's HTTP upstreams over TLS against the stack's real HTTPS listeners (tests/stack/tls-certs.ts):
// Apicurio's (server certificate only: Quarkus fixes client-auth at build time) and Connect's (client
// certificate required), and bearer credentials read from what a recording upstream receives.
import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectDefinitionList, ConnectPlugin, Schema } from '../../../packages/contract/src/index.ts';
import type { Config } from '../../../packages/server/src/platform/config/schema.ts';
import { TLS_PASSWORD, tlsFiles } from '../../stack/tls-certs.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { type SecureBroker, secureBroker } from '../../support/secure-broker.ts';
import { send, withLocal } from '../../support/upstreams.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the stack global setup did not run`);
  return value;
};
const files = () => tlsFiles(env('STACK_TLS_DIR'));
type Cluster = Config['clusters'][string];
type ErrorBody = { code: string; message: string };

/** Connect upstreams of cluster `local`, all at the worker's HTTPS listener, told apart by name. */
function connectOverTls(): Cluster['connect'] {
  const f = files();
  const url = env('CONNECT_TLS_URL');
  const upstream = (name: string, tls: Record<string, string>) => ({ name, url, tls, timeoutMs: 10_000 });
  return [
    upstream('mtls', {
      'ssl.ca.location': f.caPem,
      'ssl.keystore.location': f.clientKeystoreP12,
      'ssl.keystore.password': TLS_PASSWORD,
      'ssl.keystore.type': 'PKCS12',
    }),
    upstream('no-client-cert', {
      'ssl.truststore.location': f.truststoreJks,
      'ssl.truststore.password': TLS_PASSWORD,
    }),
    upstream('other-ca', {
      'ssl.truststore.location': f.otherCaPem,
      'ssl.truststore.type': 'PEM',
      'ssl.keystore.location': f.clientKeystoreP12,
      'ssl.keystore.password': TLS_PASSWORD,
    }),
  ];
}

const registryOverTls = (tls: Record<string, string>): Cluster['schemaRegistry'] => ({
  url: env('SCHEMA_REGISTRY_TLS_URL'),
  type: 'confluent',
  tls,
  timeoutMs: 10_000,
});

describe('registry and Connect over HTTPS with client certificates', () => {
  let app: RunningApp;
  const subjects: string[] = [];
  const api = <T>(path: string, method = 'GET', body?: unknown) =>
    send<T>(`${app.url}/api/local${path}`, method, body);

  beforeAll(async () => {
    const f = files();
    app = await startApp(
      withLocal(() => ({
        schemaRegistry: registryOverTls({
          'ssl.truststore.location': f.truststoreP12,
          'ssl.truststore.password': TLS_PASSWORD,
          'ssl.truststore.type': 'PKCS12',
          'ssl.certificate.location': f.clientCertPem,
          'ssl.key.location': f.clientKeyPem,
        }),
        connect: connectOverTls(),
      })),
    );
  });
  afterAll(async () => {
    await app?.close();
    for (const subject of subjects) {
      const path = `${env('SCHEMA_REGISTRY_URL')}/subjects/${encodeURIComponent(subject)}`;
      await fetch(path, { method: 'DELETE' }).catch(() => undefined);
      await fetch(`${path}?permanent=true`, { method: 'DELETE' }).catch(() => undefined);
    }
  });

  it('registers and lists a schema through a PKCS12 truststore and a PEM client certificate', async () => {
    const subject = `test-topic-${randomUUID().slice(0, 8)}-value`;
    subjects.push(subject);
    const schema = JSON.stringify({
      type: 'record',
      name: 'Order',
      fields: [{ name: 'id', type: 'string' }],
    });
    const created = await api<Schema>('/schema', 'POST', { subject, schema, clusterId: 'local' });
    expect(created).toMatchObject({ status: 200, body: { subject, version: 1 } });
    const listed = await api<string[]>('/schemas');
    expect(listed.status).toBe(200);
    expect(listed.body).toContain(subject);
  });

  it('lists connectors and plugins through a PEM CA and a PKCS12 client keystore', async () => {
    expect((await api<ConnectDefinitionList>('/connect/mtls')).status).toBe(200);
    const plugins = await api<ConnectPlugin[]>('/connect/mtls/plugins');
    expect(plugins.status).toBe(200);
    expect(plugins.body.map((p) => p.className)).toContain(
      'org.apache.kafka.connect.file.FileStreamSourceConnector',
    );
  });

  // Connect sends TLS alert 42 only after the client's TLS 1.3 handshake has finished; undici then reports
  // the socket's 'end' ("other side closed") instead of the alert unless the console keeps the alert.
  it('answers 502 naming TLS and the keystore to set when Connect wants a client certificate', async () => {
    const refused = await api<ErrorBody>('/connect/no-client-cert');
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(refused.body.message).toContain("Kafka Connect 'no-client-cert'");
    expect(refused.body.message).toMatch(/TLS/);
    expect(refused.body.message).toMatch(/ssl\.keystore\.location/);
  });

  it('answers 502 naming the untrusted CA and the truststore to set for Connect', async () => {
    const refused = await api<ErrorBody>('/connect/other-ca');
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/TLS: .*not signed by a CA the console trusts/);
    expect(refused.body.message).toMatch(/ssl\.truststore\.location or ssl\.ca\.location/);
  });

  it('answers 502 naming the untrusted CA and the truststore to set for the registry', async () => {
    const other = await startApp(
      withLocal(() => ({
        schemaRegistry: registryOverTls({ 'ssl.truststore.location': files().otherCaPem }),
      })),
    );
    try {
      const refused = await send<ErrorBody>(`${other.url}/api/local/schemas`);
      expect(refused.status).toBe(502);
      expect(refused.body.message).toContain("Schema Registry of cluster 'local'");
      expect(refused.body.message).toMatch(/TLS: .*not signed by a CA the console trusts/);
    } finally {
      await other.close();
    }
  });
});

/** An upstream that answers every call with an empty list and keeps each request's Authorization header. */
async function recordingUpstream() {
  const seen: { path: string; authorization: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    res.setHeader('content-type', 'application/json');
    res.end(req.url?.includes('/connectors') ? '{}' : '[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${port}`, seen, close };
}

/** The JWT's claims once its RS256 signature checks out against the issuer's published keys. */
async function verifiedClaims(jwt: string, jwksUrl: string): Promise<Record<string, unknown>> {
  const [header = '', payload = '', signature = ''] = jwt.split('.');
  const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string };
  const { keys } = (await (await fetch(jwksUrl)).json()) as { keys: { kid: string }[] };
  const jwk = keys.find((key) => key.kid === kid);
  if (!jwk) throw new Error(`no key ${kid} at ${jwksUrl}`);
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  expect(
    verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url')),
  ).toBe(true);
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

describe('bearer credentials an upstream receives', () => {
  let broker: SecureBroker;
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let app: RunningApp;

  beforeAll(async () => {
    [broker, upstream] = await Promise.all([secureBroker(), recordingUpstream()]);
    const oauth = {
      tokenUrl: broker.tokenEndpoint,
      clientId: broker.oauthClient.id,
      clientSecret: broker.oauthClient.secret,
      scope: broker.oauth.scope,
    };
    app = await startApp(
      withLocal(() => ({
        connect: [
          { name: 'oauth', url: `${upstream.url}/oauth`, oauth, timeoutMs: 10_000 },
          { name: 'static', url: `${upstream.url}/static`, bearerToken: 'static-token-1', timeoutMs: 10_000 },
        ],
      })),
    );
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await upstream?.close();
    await broker?.stop();
  });

  it('sends Bearer and a JWT from the client-credentials endpoint, signed by its issuer, for oauth', async () => {
    expect((await send(`${app.url}/api/local/connect/oauth`)).status).toBe(200);
    const calls = upstream.seen.filter((call) => call.path.startsWith('/oauth/'));
    expect(calls.length).toBeGreaterThan(0);
    const [scheme, jwt = ''] = calls[0]?.authorization?.split(' ') ?? [];
    expect(scheme).toBe('Bearer');
    const claims = await verifiedClaims(jwt, broker.jwksUrl);
    expect(claims).toMatchObject({ iss: broker.issuer, sub: broker.oauthClient.id });
    expect(calls.every((call) => call.authorization === `Bearer ${jwt}`)).toBe(true);
  });

  it('sends the configured static token as Bearer for bearerToken', async () => {
    expect((await send(`${app.url}/api/local/connect/static`)).status).toBe(200);
    const calls = upstream.seen.filter((call) => call.path.startsWith('/static/'));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.authorization === 'Bearer static-token-1')).toBe(true);
  });
});
