// What a Java client is given for each listener, in the standard client property names: written as
// client-<listener>.properties (for Kafka's own tools) and console-<listener>.yaml (the console's config).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { SecurePorts } from './broker-config.ts';
import { issuerUrl } from './broker-config.ts';
import type { CertFiles } from './certs.ts';
import { LISTENERS, type ListenerName, OAUTH_CLIENTS, OAUTH_SCOPE, PASSWORDS, USERS } from './settings.ts';

export type ClientProperties = Record<string, string>;
export type SaslMechanism = 'PLAIN' | 'SCRAM-SHA-256' | 'SCRAM-SHA-512';

const LOGIN_MODULES: Record<SaslMechanism, string> = {
  PLAIN: 'org.apache.kafka.common.security.plain.PlainLoginModule',
  'SCRAM-SHA-256': 'org.apache.kafka.common.security.scram.ScramLoginModule',
  'SCRAM-SHA-512': 'org.apache.kafka.common.security.scram.ScramLoginModule',
};

export const OAUTH_LOGIN_HANDLER =
  'org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginCallbackHandler';

export function portOf(ports: SecurePorts, listener: ListenerName): number {
  const byName: Record<ListenerName, number> = {
    ssl: ports.ssl,
    mtls: ports.mtls,
    'sasl-ssl': ports.saslSsl,
    oauth: ports.oauth,
    expired: ports.expired,
  };
  return byName[listener];
}

export const truststoreP12 = (certs: CertFiles): ClientProperties => ({
  'ssl.truststore.location': certs.truststoreP12,
  'ssl.truststore.password': PASSWORDS.truststore,
  'ssl.truststore.type': 'PKCS12',
});

export const keystoreP12 = (certs: CertFiles): ClientProperties => ({
  'ssl.keystore.location': certs.clientKeystoreP12,
  'ssl.keystore.password': PASSWORDS.keystore,
  'ssl.keystore.type': 'PKCS12',
  'ssl.key.password': PASSWORDS.keystore,
});

export const saslLogin = (
  mechanism: SaslMechanism,
  user: { name: string; password: string },
): ClientProperties => ({
  'sasl.mechanism': mechanism,
  'sasl.jaas.config': `${LOGIN_MODULES[mechanism]} required username="${user.name}" password="${user.password}";`,
});

/** OAUTHBEARER with client_credentials; a Java client also needs the token URL in its allowed-URLs system property. */
export const oauthLogin = (
  tokenEndpoint: string,
  client: { id: string; secret: string },
): ClientProperties => ({
  'sasl.mechanism': 'OAUTHBEARER',
  'sasl.oauthbearer.token.endpoint.url': tokenEndpoint,
  'sasl.login.callback.handler.class': OAUTH_LOGIN_HANDLER,
  'sasl.jaas.config': `org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required clientId="${client.id}" clientSecret="${client.secret}" scope="${OAUTH_SCOPE}";`,
});

/** The console's own identity (User:console, or ANONYMOUS on SSL) on each listener. */
export function clientProperties(
  listener: ListenerName,
  ports: SecurePorts,
  certs: CertFiles,
): ClientProperties {
  const bootstrap = { 'bootstrap.servers': `127.0.0.1:${portOf(ports, listener)}` };
  const tls = { ...bootstrap, 'security.protocol': 'SSL', ...truststoreP12(certs) };
  if (listener === 'ssl' || listener === 'expired') return tls;
  if (listener === 'mtls') return { ...tls, ...keystoreP12(certs) };
  if (listener === 'sasl-ssl') {
    return { ...tls, 'security.protocol': 'SASL_SSL', ...saslLogin('SCRAM-SHA-512', USERS.console) };
  }
  return {
    ...bootstrap,
    'security.protocol': 'SASL_PLAINTEXT',
    ...oauthLogin(`${issuerUrl(ports)}/token`, OAUTH_CLIENTS.console),
  };
}

export function writeProperties(file: string, properties: ClientProperties): string {
  const lines = Object.entries(properties).map(([key, value]) => `${key}=${value.replaceAll('\\', '\\\\')}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** The console clusters of one listener; SASL_SSL gets one per mechanism and one for the reader. */
function consoleClusters(listener: ListenerName, ports: SecurePorts, certs: CertFiles) {
  const base = clientProperties(listener, ports, certs);
  const clusters: Record<string, { properties: ClientProperties }> = {
    [`secure-${listener}`]: { properties: base },
  };
  if (listener === 'sasl-ssl') {
    const variant = (mechanism: SaslMechanism, user: { name: string; password: string }) => ({
      properties: { ...base, ...saslLogin(mechanism, user) },
    });
    clusters['secure-sasl-ssl-scram-sha-256'] = variant('SCRAM-SHA-256', USERS.console);
    clusters['secure-sasl-ssl-plain'] = variant('PLAIN', USERS.console);
    clusters['secure-sasl-ssl-reader'] = variant('SCRAM-SHA-512', USERS.reader);
  }
  return clusters;
}

/** Writes client-<listener>.properties and console-<listener>.yaml into `dir`; answers the YAML paths. */
export function writeClientConfigs(dir: string, ports: SecurePorts, certs: CertFiles): string[] {
  return LISTENERS.map((listener) => {
    writeProperties(join(dir, `client-${listener}.properties`), clientProperties(listener, ports, certs));
    const file = join(dir, `console-${listener}.yaml`);
    writeFileSync(file, stringify({ clusters: consoleClusters(listener, ports, certs) }, { lineWidth: 0 }));
    return file;
  });
}
