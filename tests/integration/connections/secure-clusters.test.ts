/**
 * The console against a secured Kafka 4.4 broker (tests/stack/secure/), one cluster per way to connect
 * (SASL mechanism or mTLS, and the form of the TLS keys and trust), each given the Java-style properties
 * its operators already have: every acceptance flow (topics, produce, browse, search, groups, live tail)
 * works on each.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptanceFlow } from '../../support/acceptance-flow.ts';
import { onlyClusters, type RunningApp, startApp } from '../../support/app.ts';
import { type SecureBroker, secureBroker } from '../../support/secure-broker.ts';

let broker: SecureBroker;
let app: RunningApp;

type Props = Record<string, string>;

/** One cluster per SASL mechanism or mTLS and per form of TLS keys and trust (PEM, JKS, PKCS12), by name. */
function clusters(b: SecureBroker): Record<string, Props> {
  const { certs, passwords, users, listeners } = b;
  const scram = (mechanism: string) => ({
    'sasl.mechanism': mechanism,
    'sasl.jaas.config': `org.apache.kafka.common.security.scram.ScramLoginModule required username="${users.console.name}" password="${users.console.password}";`,
  });
  return {
    'scram-512-pem-ca': {
      'bootstrap.servers': listeners.saslSsl.bootstrap,
      'security.protocol': 'SASL_SSL',
      ...scram('SCRAM-SHA-512'),
      'ssl.ca.location': certs.caPem,
    },
    'scram-256-jks': {
      'bootstrap.servers': listeners.saslSsl.bootstrap,
      'security.protocol': 'SASL_SSL',
      ...scram('SCRAM-SHA-256'),
      'ssl.truststore.location': certs.truststoreJks,
      'ssl.truststore.password': passwords.truststore,
    },
    'plain-pkcs12': {
      'bootstrap.servers': listeners.saslSsl.bootstrap,
      'security.protocol': 'SASL_SSL',
      'sasl.mechanism': 'PLAIN',
      'sasl.jaas.config': `org.apache.kafka.common.security.plain.PlainLoginModule required username="${users.console.name}" password="${users.console.password}";`,
      'ssl.truststore.location': certs.truststoreP12,
      'ssl.truststore.type': 'PKCS12',
      'ssl.truststore.password': passwords.truststore,
    },
    'mtls-encrypted-pem': {
      'bootstrap.servers': listeners.mtls.bootstrap,
      'security.protocol': 'SSL',
      'ssl.ca.location': certs.caPem,
      'ssl.certificate.location': certs.clientCertPem,
      'ssl.key.location': certs.clientKeyEncryptedPem,
      'ssl.key.password': passwords.key,
    },
    'mtls-stores': {
      'bootstrap.servers': listeners.mtls.bootstrap,
      'security.protocol': 'SSL',
      'ssl.keystore.location': certs.clientKeystoreP12,
      'ssl.keystore.type': 'PKCS12',
      'ssl.keystore.password': passwords.keystore,
      'ssl.key.password': passwords.keystore,
      'ssl.truststore.location': certs.truststoreJks,
      'ssl.truststore.password': passwords.truststore,
    },
    oauth: {
      'bootstrap.servers': listeners.oauth.bootstrap,
      'security.protocol': 'SASL_PLAINTEXT',
      'sasl.mechanism': 'OAUTHBEARER',
      'sasl.oauthbearer.token.endpoint.url': b.tokenEndpoint,
      'sasl.login.callback.handler.class':
        'org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginCallbackHandler',
      'sasl.jaas.config': `org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required clientId="${b.oauthClient.id}" clientSecret="${b.oauthClient.secret}" scope="${b.oauth.scope}";`,
    },
  };
}

beforeAll(async () => {
  broker = await secureBroker();
  const kinds = clusters(broker);
  app = await startApp(onlyClusters(kinds));
}, 180_000);
afterAll(async () => {
  await app?.close();
  await broker?.stop();
});

describe('a secured cluster, from the properties its Java clients use', () => {
  it.each([
    'scram-512-pem-ca',
    'scram-256-jks',
    'plain-pkcs12',
    'mtls-encrypted-pem',
    'mtls-stores',
    'oauth',
  ])('%s: lists and creates topics, produces, browses, searches, lists groups and tails', async (cluster) => {
    await acceptanceFlow(app.url, cluster, `test-topic-${cluster}-${randomUUID().slice(0, 8)}`);
  });

  it('is ready in /ready on every listener', async () => {
    const ready = await fetch(`${app.url}/ready`);
    expect(await ready.json()).toMatchObject({ ready: true });
  });
});
