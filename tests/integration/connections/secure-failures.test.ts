/**
 * Every way a secured cluster can refuse the console, against the real broker (tests/stack/secure/): each
 * answers its own code with a line that says what to check, in under 15 s, on the cluster's pages and in
 * /ready, while a healthy cluster of the same console keeps answering.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlyClusters, type RunningApp, startApp } from '../../support/app.ts';
import { type SecureBroker, secureBroker } from '../../support/secure-broker.ts';

let broker: SecureBroker;
let app: RunningApp;
/**
 * A listener of another protocol that keeps the connection open after answering, as an HTTP server
 * with keep-alive does: its first four bytes ("HTTP") read as a Kafka answer of 1.2 GB.
 */
let keepsOpen: Server;

function clusters(b: SecureBroker, openPort: number): Record<string, Record<string, string>> {
  const { certs, users, listeners } = b;
  const trust = { 'ssl.ca.location': certs.caPem };
  return {
    healthy: { 'bootstrap.servers': listeners.ssl.bootstrap, 'security.protocol': 'SSL', ...trust },
    'wrong-password': {
      'bootstrap.servers': listeners.saslSsl.bootstrap,
      'security.protocol': 'SASL_SSL',
      'sasl.mechanism': 'SCRAM-SHA-512',
      'sasl.jaas.config': `org.apache.kafka.common.security.scram.ScramLoginModule required username="${users.console.name}" password="not-the-password";`,
      ...trust,
    },
    'other-ca': {
      'bootstrap.servers': listeners.ssl.bootstrap,
      'security.protocol': 'SSL',
      'ssl.ca.location': certs.otherCaPem,
    },
    'host-mismatch': {
      'bootstrap.servers': `localhost:${listeners.ssl.port}`,
      'security.protocol': 'SSL',
      ...trust,
    },
    expired: { 'bootstrap.servers': listeners.expired.bootstrap, 'security.protocol': 'SSL', ...trust },
    'no-client-certificate': {
      'bootstrap.servers': listeners.mtls.bootstrap,
      'security.protocol': 'SSL',
      ...trust,
    },
    'plaintext-to-tls': { 'bootstrap.servers': listeners.ssl.bootstrap },
    'tls-to-plaintext': {
      'bootstrap.servers': listeners.oauth.bootstrap,
      'security.protocol': 'SSL',
      ...trust,
    },
    // The OAuth token endpoint's port: an HTTP server, whose first answer read as a Kafka size is 1.2 GB.
    'not-kafka': { 'bootstrap.servers': new URL(b.tokenEndpoint).host },
    'not-kafka-open': { 'bootstrap.servers': `127.0.0.1:${openPort}` },
    'oauth-wrong-secret': {
      'bootstrap.servers': listeners.oauth.bootstrap,
      'security.protocol': 'SASL_PLAINTEXT',
      'sasl.mechanism': 'OAUTHBEARER',
      'sasl.oauthbearer.token.endpoint.url': b.tokenEndpoint,
      'sasl.jaas.config': `org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required clientId="${b.oauthClient.id}" clientSecret="wrong" scope="kafka";`,
    },
  };
}

beforeAll(async () => {
  broker = await secureBroker();
  keepsOpen = createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () => socket.write('HTTP/1.1 400 Bad Request\r\nConnection: keep-alive\r\n\r\n'));
  });
  await new Promise<void>((resolve) => keepsOpen.listen(0, '127.0.0.1', resolve));
  const { port } = keepsOpen.address() as { port: number };
  app = await startApp(onlyClusters(clusters(broker, port)));
}, 180_000);
afterAll(async () => {
  await app?.close();
  await broker?.stop();
  keepsOpen?.close();
});

/** A cluster page's answer and how long it took. */
async function nodes(cluster: string) {
  const started = Date.now();
  const res = await fetch(`${app.url}/api/${cluster}/node`);
  return {
    status: res.status,
    body: (await res.json()) as { code: string; message: string },
    ms: Date.now() - started,
  };
}

describe('a secured cluster that refuses the console', () => {
  it.each([
    [
      'wrong-password',
      'CLUSTER_AUTHENTICATION_FAILED',
      /authentication failed \(SASL SCRAM-SHA-512 as 'console'\): Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512$/,
    ],
    [
      'other-ca',
      'CLUSTER_TLS_FAILED',
      /not signed by a CA the console trusts.*set ssl\.truststore\.location or ssl\.ca\.location/,
    ],
    [
      'host-mismatch',
      'CLUSTER_TLS_FAILED',
      /not for the host the console connected to.*ssl\.endpoint\.identification\.algorithm/,
    ],
    ['expired', 'CLUSTER_TLS_FAILED', /certificate has expired/],
    [
      'no-client-certificate',
      'CLUSTER_TLS_FAILED',
      /closed the connection after the TLS handshake: it likely requires a client certificate/,
    ],
    [
      'plaintext-to-tls',
      'CLUSTER_PROTOCOL_MISMATCH',
      /the listener requires TLS; use security.protocol SSL or SASL_SSL/,
    ],
    ['tls-to-plaintext', 'CLUSTER_PROTOCOL_MISMATCH', /the listener does not speak TLS/],
    [
      'not-kafka',
      'CLUSTER_PROTOCOL_MISMATCH',
      /closed the connection before answering \(the console uses PLAINTEXT\)/,
    ],
    [
      'not-kafka-open',
      'CLUSTER_PROTOCOL_MISMATCH',
      /closed the connection before answering \(the console uses PLAINTEXT\)/,
    ],
    [
      'oauth-wrong-secret',
      'CLUSTER_AUTHENTICATION_FAILED',
      /authentication failed \(SASL OAUTHBEARER as 'console'\): the OAuth token endpoint .* refused client 'console' \(HTTP 401, invalid_client/,
    ],
  ])('%s answers 503 %s within 15 s, saying what to check', async (cluster, code, message) => {
    const answer = await nodes(cluster);
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe(code);
    expect(answer.body.message).toMatch(message);
    expect(answer.body.message.startsWith(`Cluster '${cluster}': `)).toBe(true);
    expect(answer.ms).toBeLessThan(15_000);
  });

  it('names no secret in any answer', async () => {
    const answer = await nodes('wrong-password');
    expect(JSON.stringify(answer.body)).not.toContain('not-the-password');
    expect(JSON.stringify((await nodes('oauth-wrong-secret')).body)).not.toMatch(/"wrong"|secret=/);
  });

  it('lists each failing cluster in /ready with its code, while the healthy one is ready', async () => {
    const ready = await fetch(`${app.url}/ready`);
    expect(ready.status).toBe(503);
    const { clusters: states } = (await ready.json()) as {
      clusters: { id: string; ready: boolean; code?: string }[];
    };
    expect(states.find((c) => c.id === 'healthy')).toEqual({ id: 'healthy', ready: true });
    expect(states.find((c) => c.id === 'expired')).toMatchObject({
      ready: false,
      code: 'CLUSTER_TLS_FAILED',
    });
    expect(states.find((c) => c.id === 'wrong-password')).toMatchObject({
      code: 'CLUSTER_AUTHENTICATION_FAILED',
    });
  });

  it('keeps the healthy cluster answering quickly beside the failing ones', async () => {
    const started = Date.now();
    const all = await Promise.all([
      nodes('healthy'),
      nodes('other-ca'),
      nodes('wrong-password'),
      nodes('expired'),
    ]);
    expect(all[0]?.status).toBe(200);
    expect(all.slice(1).map((a) => a.status)).toEqual([503, 503, 503]);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
