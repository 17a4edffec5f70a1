import { describe, expect, it } from 'vitest';
import { parseConfig } from './load.ts';

const withProperties = (properties: Record<string, string>) => () =>
  parseConfig({ clusters: { prod: { properties: { 'bootstrap.servers': 'b:9092', ...properties } } } });

describe('cluster properties at start', () => {
  it('refuses a property the console does not understand, naming the cluster and the key', () => {
    expect(withProperties({ 'ssl.trustore.location': '/etc/kafka/ts.jks' })).toThrow(
      'clusters.prod.properties.ssl.trustore.location: not a Kafka client property the console understands',
    );
  });

  it('refuses unknown protocols, mechanisms, store types and host checks, naming the key', () => {
    expect(withProperties({ 'security.protocol': 'TLS' })).toThrow(
      /clusters\.prod\.properties\.security\.protocol: 'TLS'/,
    );
    expect(withProperties({ 'sasl.mechanism': 'SCRAM' })).toThrow(
      /properties\.sasl\.mechanism: 'SCRAM' is not one of/,
    );
    expect(withProperties({ 'ssl.truststore.type': 'JCEKS' })).toThrow(/properties\.ssl\.truststore\.type/);
    expect(withProperties({ 'ssl.endpoint.identification.algorithm': 'ldaps' })).toThrow(
      /ssl\.endpoint\.identification\.algorithm: only 'https'/,
    );
    expect(withProperties({ 'sasl.login.callback.handler.class': 'com.example.Mine' })).toThrow(
      /sasl\.login\.callback\.handler\.class: 'com\.example\.Mine' is not a callback handler/,
    );
  });

  it('takes the properties of every supported kind, host checking off included', () => {
    expect(
      withProperties({
        'security.protocol': 'sasl_ssl',
        'sasl.mechanism': 'OAUTHBEARER',
        'sasl.oauthbearer.token.endpoint.url': 'https://idp/token',
        'sasl.login.callback.handler.class':
          'org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginCallbackHandler',
        'ssl.truststore.location': '/etc/kafka/ts.p12',
        'ssl.truststore.type': 'PKCS12',
        'ssl.endpoint.identification.algorithm': '',
      }),
    ).not.toThrow();
  });

  it('takes only ssl.* keys as an upstream’s tls, and one kind of credential', () => {
    const registry = (schemaRegistry: Record<string, unknown>) => () =>
      parseConfig({ clusters: { prod: { properties: { 'bootstrap.servers': 'b:9092' }, schemaRegistry } } });
    expect(registry({ url: 'https://r', tls: { 'sasl.mechanism': 'PLAIN' } })).toThrow(
      /clusters\.prod\.schemaRegistry\.tls\.sasl\.mechanism: not a TLS setting/,
    );
    expect(registry({ url: 'https://r', bearerToken: 't', basicAuthUsername: 'u' })).toThrow(
      /give one of basicAuthUsername, bearerToken or oauth/,
    );
    expect(
      registry({ url: 'https://r', tls: { 'ssl.ca.location': '/ca.pem' }, bearerToken: 't' }),
    ).not.toThrow();
  });
});
