// server.properties of the secured broker: one KRaft node (static voter) with five outside listeners.
//
// The internal and controller listeners are SASL_PLAINTEXT (PLAIN, user `broker`) on loopback, not
// PLAINTEXT: a PLAINTEXT listener's principal is User:ANONYMOUS, which would then have to be a super
// user, and so would every client of the SSL listener (no client certificate is ANONYMOUS too).
// This way ANONYMOUS is an ordinary principal that gets its rights from ACLs like everyone else.
import { join } from 'node:path';
import { SINGLE_NODE } from '../components/kafka.ts';
import type { CertFiles } from './certs.ts';
import { OAUTH_AUDIENCE, PASSWORDS, USERS } from './settings.ts';

export interface SecurePorts {
  internal: number;
  controller: number;
  ssl: number;
  mtls: number;
  saslSsl: number;
  oauth: number;
  expired: number;
  issuer: number;
}

export const issuerUrl = (ports: SecurePorts) => `http://127.0.0.1:${ports.issuer}`;
export const jwksUrl = (ports: SecurePorts) => `${issuerUrl(ports)}/jwks`;

const PLAIN = 'org.apache.kafka.common.security.plain.PlainLoginModule required';
const SCRAM = 'org.apache.kafka.common.security.scram.ScramLoginModule required;';
const OAUTH = 'org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;';
const VALIDATOR = 'org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler';

const plainUsers = (...users: { name: string; password: string }[]) =>
  users.map((u) => `user_${u.name}="${u.password}"`).join(' ');

// The broker's own login (username/password) plus the users it accepts on that listener.
const internalJaas = `${PLAIN} username="${USERS.broker.name}" password="${USERS.broker.password}" ${plainUsers(USERS.broker, USERS.admin)};`;

export function brokerProperties(
  dir: string,
  ports: SecurePorts,
  certs: CertFiles,
): Record<string, string | number> {
  const at = (name: string, port: number) => `${name}://127.0.0.1:${port}`;
  const outside = [
    at('INTERNAL', ports.internal),
    at('SSL', ports.ssl),
    at('MTLS', ports.mtls),
    at('SASL_SSL', ports.saslSsl),
    at('OAUTH', ports.oauth),
    at('EXPIRED', ports.expired),
  ].join(',');
  return {
    'process.roles': 'broker,controller',
    'node.id': 1,
    'controller.quorum.voters': `1@127.0.0.1:${ports.controller}`,
    listeners: `${outside},${at('CONTROLLER', ports.controller)}`,
    'advertised.listeners': outside,
    'listener.security.protocol.map':
      'INTERNAL:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT,SSL:SSL,MTLS:SSL,SASL_SSL:SASL_SSL,OAUTH:SASL_PLAINTEXT,EXPIRED:SSL',
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'INTERNAL',
    'sasl.mechanism.controller.protocol': 'PLAIN',
    'sasl.mechanism.inter.broker.protocol': 'PLAIN',
    'listener.name.internal.sasl.enabled.mechanisms': 'PLAIN',
    'listener.name.internal.plain.sasl.jaas.config': internalJaas,
    'listener.name.controller.sasl.enabled.mechanisms': 'PLAIN',
    'listener.name.controller.plain.sasl.jaas.config': internalJaas,

    // Every TLS listener: the broker certificate (SAN IP:127.0.0.1 only) and the test CA for client certs.
    'ssl.keystore.location': certs.brokerKeystoreP12,
    'ssl.keystore.password': PASSWORDS.broker,
    'ssl.keystore.type': 'PKCS12',
    'ssl.truststore.location': certs.truststoreP12,
    'ssl.truststore.password': PASSWORDS.truststore,
    'ssl.truststore.type': 'PKCS12',
    'listener.name.mtls.ssl.client.auth': 'required',
    // The client certificate's DN "CN=console,OU=clients,O=Kafka Console Tests" -> User:console.
    'ssl.principal.mapping.rules': 'RULE:^CN=([^,]+),OU=clients,.*$/$1/,DEFAULT',
    'listener.name.expired.ssl.keystore.location': certs.expiredKeystoreP12,
    'listener.name.expired.ssl.keystore.password': PASSWORDS.broker,
    'listener.name.expired.ssl.keystore.type': 'PKCS12',

    'listener.name.sasl_ssl.sasl.enabled.mechanisms': 'PLAIN,SCRAM-SHA-256,SCRAM-SHA-512',
    'listener.name.sasl_ssl.plain.sasl.jaas.config': `${PLAIN} ${plainUsers(USERS.admin, USERS.console, USERS.reader)};`,
    'listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config': SCRAM,
    'listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config': SCRAM,

    'listener.name.oauth.sasl.enabled.mechanisms': 'OAUTHBEARER',
    'listener.name.oauth.oauthbearer.sasl.jaas.config': OAUTH,
    'listener.name.oauth.oauthbearer.sasl.server.callback.handler.class': VALIDATOR,
    'sasl.oauthbearer.jwks.endpoint.url': jwksUrl(ports),
    'sasl.oauthbearer.expected.audience': OAUTH_AUDIENCE,
    // Kafka 4.4 refuses to start the validator without an expected issuer.
    'sasl.oauthbearer.expected.issuer': issuerUrl(ports),
    // Sessions end after 10 s (or the token's expiry, if sooner): clients must re-authenticate (KIP-368).
    'listener.name.oauth.oauthbearer.connections.max.reauth.ms': 10_000,

    'authorizer.class.name': 'org.apache.kafka.metadata.authorizer.StandardAuthorizer',
    'allow.everyone.if.no.acl.found': 'false',
    'super.users': `User:${USERS.broker.name};User:${USERS.admin.name}`,

    'log.dirs': join(dir, 'data'),
    ...SINGLE_NODE,
  };
}

/** StorageTool's --add-scram arguments: SCRAM-SHA-256 and -512 credentials for console and reader. */
export function scramArguments(): string[] {
  return ['SCRAM-SHA-256', 'SCRAM-SHA-512'].flatMap((mechanism) =>
    [USERS.console, USERS.reader].flatMap((u) => [
      '--add-scram',
      `${mechanism}=[name=${u.name},password=${u.password}]`,
    ]),
  );
}
