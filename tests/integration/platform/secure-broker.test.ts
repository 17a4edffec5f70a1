/**
 * The secured broker (tests/stack/secure/) works with Kafka's OWN Java client: TopicCommand --list
 * with a --command-config of the same properties the console configs hold, on every listener, with
 * every store form, and the failures the console must report (wrong password, wrong CA, expired
 * certificate, host name mismatch). Each JVM start costs 1 to 3 s, so the forms of one listener run
 * side by side.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Admin } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ClientProperties,
  oauthLogin,
  saslLogin,
  writeProperties,
} from '../../stack/secure/client-config.ts';
import { ALLOWED_URLS, runTool, type ToolResult } from '../../stack/secure/kafka-tool.ts';
import { type SecureBroker, secureBroker } from '../../support/secure-broker.ts';

let broker: SecureBroker;
let dir: string;
let admin: Admin;
const publicTopic = `public-test-${randomUUID()}`;
const privateTopic = `test-topic-${randomUUID()}`;

beforeAll(async () => {
  broker = await secureBroker();
  dir = mkdtempSync(join(tmpdir(), 'secure-broker-'));
  const { admin: user } = broker.users;
  admin = new Admin({
    clientId: 'secure-broker-test',
    bootstrapBrokers: [broker.listeners.internal.bootstrap],
    sasl: { mechanism: 'PLAIN', username: user.name, password: user.password },
  });
  await admin.createTopics({ topics: [publicTopic, privateTopic], partitions: 1, replicas: 1 });
}, 180_000);

afterAll(async () => {
  await admin?.deleteTopics({ topics: [publicTopic, privateTopic] });
  await admin?.close();
  await broker?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** TopicCommand --list with `properties` as its --command-config; OAuth needs the token URL allowed. */
function listTopics(properties: ClientProperties): Promise<ToolResult> {
  const config = writeProperties(join(dir, `${randomUUID()}.properties`), properties);
  const token = properties['sasl.oauthbearer.token.endpoint.url'];
  return runTool(
    'TopicCommand',
    ['--bootstrap-server', properties['bootstrap.servers'] ?? '', '--command-config', config, '--list'],
    token ? [`-D${ALLOWED_URLS}=${token}`] : [],
  );
}

/** A failed tool prints its error to stdout and the client's log line to stderr. */
const output = (result: ToolResult) => `${result.stdout}${result.stderr}`;

function expectListsBoth(result: ToolResult): void {
  expect(output(result)).not.toMatch(/Exception/);
  expect(result.code).toBe(0);
  expect(result.stdout.split('\n')).toEqual(expect.arrayContaining([publicTopic, privateTopic]));
}

const withoutKey = (properties: ClientProperties, key: string): ClientProperties =>
  Object.fromEntries(Object.entries(properties).filter(([name]) => name !== key));

function expectListsOnlyPublic(result: ToolResult): void {
  expect(result.code).toBe(0);
  const topics = result.stdout.split('\n').filter(Boolean);
  expect(topics).toContain(publicTopic);
  expect(topics.every((topic) => topic.startsWith('public-'))).toBe(true);
}

describe('SSL listener (TLS, server authentication only)', () => {
  it('lists topics with the CA as a PKCS12, a JKS and a PEM truststore', async () => {
    const ssl = broker.clientProperties.ssl;
    const { certs } = broker;
    const results = await Promise.all([
      listTopics(ssl),
      listTopics({ ...ssl, 'ssl.truststore.location': certs.truststoreJks, 'ssl.truststore.type': 'JKS' }),
      listTopics({
        'bootstrap.servers': ssl['bootstrap.servers'] ?? '',
        'security.protocol': 'SSL',
        'ssl.truststore.location': certs.caPem,
        'ssl.truststore.type': 'PEM',
      }),
    ]);
    results.forEach(expectListsBoth);
  });

  it('fails the TLS handshake with the other CA as truststore', async () => {
    const result = await listTopics({
      'bootstrap.servers': broker.listeners.ssl.bootstrap,
      'security.protocol': 'SSL',
      'ssl.truststore.location': broker.certs.otherCaPem,
      'ssl.truststore.type': 'PEM',
    });
    expect(result.code).not.toBe(0);
    expect(output(result)).toMatch(/SSL handshake failed/);
    expect(output(result)).toMatch(/PKIX path building failed/);
  });

  it('fails host name verification when dialled as localhost (the certificate names only IP 127.0.0.1)', async () => {
    const result = await listTopics({
      ...broker.clientProperties.ssl,
      'bootstrap.servers': `localhost:${broker.listeners.ssl.port}`,
    });
    expect(result.code).not.toBe(0);
    expect(output(result)).toMatch(/No name matching localhost found/);
  });
});

describe('EXPIRED listener', () => {
  it('fails the TLS handshake because the broker certificate has expired', async () => {
    const result = await listTopics(broker.clientProperties.expired);
    expect(result.code).not.toBe(0);
    expect(output(result)).toMatch(/SSL handshake failed/);
    expect(output(result)).toMatch(/CertificateExpiredException/);
  });
});

describe('MTLS listener (client certificate required)', () => {
  it('lists every topic as User:console from a PKCS12, a JKS and an encrypted-PEM keystore', async () => {
    const mtls = broker.clientProperties.mtls;
    const { certs, passwords } = broker;
    const results = await Promise.all([
      listTopics(mtls),
      listTopics({
        ...mtls,
        'ssl.keystore.location': certs.clientKeystoreJks,
        'ssl.keystore.type': 'JKS',
        'ssl.key.password': passwords.key,
      }),
      // A PEM keystore has no store password, only the key's.
      listTopics({
        ...withoutKey(mtls, 'ssl.keystore.password'),
        'ssl.keystore.location': certs.clientKeystorePem,
        'ssl.keystore.type': 'PEM',
        'ssl.key.password': passwords.key,
      }),
    ]);
    results.forEach(expectListsBoth);
  });

  it('refuses a client without a certificate', async () => {
    const result = await listTopics({
      ...broker.clientProperties.ssl,
      'bootstrap.servers': broker.listeners.mtls.bootstrap,
    });
    expect(result.code).not.toBe(0);
    expect(output(result)).toMatch(/SSL handshake failed|SslAuthenticationException/);
  });
});

describe('SASL_SSL listener', () => {
  it('logs User:console in with PLAIN, SCRAM-SHA-256 and SCRAM-SHA-512', async () => {
    const base = broker.clientProperties['sasl-ssl'];
    const { console: user } = broker.users;
    const results = await Promise.all(
      (['PLAIN', 'SCRAM-SHA-256', 'SCRAM-SHA-512'] as const).map((mechanism) =>
        listTopics({ ...base, ...saslLogin(mechanism, user) }),
      ),
    );
    results.forEach(expectListsBoth);
  });

  it('shows User:reader only the public- topics', async () => {
    const base = broker.clientProperties['sasl-ssl'];
    const results = await Promise.all([
      listTopics({ ...base, ...saslLogin('SCRAM-SHA-512', broker.users.reader) }),
      listTopics({ ...base, ...saslLogin('PLAIN', broker.users.reader) }),
    ]);
    results.forEach(expectListsOnlyPublic);
  });

  it('fails with an authentication error for a wrong SCRAM password', async () => {
    const wrong = { name: broker.users.console.name, password: 'not-the-password' };
    const result = await listTopics({
      ...broker.clientProperties['sasl-ssl'],
      ...saslLogin('SCRAM-SHA-256', wrong),
    });
    expect(result.code).not.toBe(0);
    expect(output(result)).toMatch(/SaslAuthenticationException/);
    expect(output(result)).toMatch(/invalid credentials with SASL mechanism SCRAM-SHA-256/);
  });
});

describe('OAUTH listener (OAUTHBEARER, tokens from the client_credentials issuer)', () => {
  it('lists every topic with a token for User:console (also a 15 s one) and only public- topics for User:reader', async () => {
    const oauth = broker.clientProperties.oauth;
    const { console: consoleClient, reader } = broker.oauthClients;
    const [asConsole, shortLived, asReader] = await Promise.all([
      listTopics(oauth),
      listTopics({ ...oauth, ...oauthLogin(broker.tokenEndpointFor(15), consoleClient) }),
      listTopics({ ...oauth, ...oauthLogin(broker.tokenEndpoint, reader) }),
    ]);
    expectListsBoth(asConsole);
    expectListsBoth(shortLived);
    expectListsOnlyPublic(asReader);
  });

  it('issues RS256 JWTs for form or Basic credentials, with the lifetime the endpoint path asks for', async () => {
    const { id, secret } = broker.oauthClient;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: id,
      client_secret: secret,
    });
    const short = await fetch(broker.tokenEndpointFor(15), { method: 'POST', body: form });
    const basic = await fetch(broker.tokenEndpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: broker.oauth.scope }),
    });
    const [shortToken, basicToken] = (await Promise.all([short.json(), basic.json()])) as {
      access_token: string;
      token_type: string;
      expires_in: number;
    }[];
    expect(shortToken).toMatchObject({ token_type: 'Bearer', expires_in: 15 });
    expect(basicToken).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const [header = '', payload = ''] = basicToken?.access_token.split('.') ?? [];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'RS256' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      sub: id,
      iss: broker.issuer,
      aud: broker.oauth.audience,
      scope: broker.oauth.scope,
    });
  });
});
