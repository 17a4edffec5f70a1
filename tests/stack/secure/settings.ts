// Names, users and passwords of the secured test broker. Test-only secrets: they guard nothing but a
// loopback broker whose data is thrown away, and the console's tests need to know them.
import { join } from 'node:path';
import { logFile, stackDir } from '../paths.ts';

export const secureDir = join(stackDir, 'secure');
export const certsDir = join(secureDir, 'certs');
export const secureStateFile = join(secureDir, 'state.json');
// Logs live with the main stack's, so `down` keeps them for a post-mortem.
export const secureKafkaLog = logFile('secure-kafka.log');
export const issuerLog = logFile('secure-issuer.log');

/** The outside listeners, by the name the configs, files and `secureBroker()` use. */
export const LISTENERS = ['ssl', 'mtls', 'sasl-ssl', 'oauth', 'expired'] as const;
export type ListenerName = (typeof LISTENERS)[number];

export const PASSWORDS = {
  /** truststore.jks and truststore.p12 */
  truststore: 'truststore-pw',
  /** client.p12 and client.jks; a PKCS12 store has one password, so it is client.p12's key password too */
  keystore: 'keystore-pw',
  /** the key entry of client.jks and client-key-encrypted.pem */
  key: 'key-pw',
  /** the broker's own keystores */
  broker: 'broker-pw',
} as const;

/** PLAIN users (the SASL_SSL listener's JAAS) and SCRAM users (StorageTool --add-scram). */
export const USERS = {
  /** Super user: PLAIN on SASL_SSL and on the internal listener. */
  admin: { name: 'admin', password: 'admin-secret' },
  /** ALL on every topic, group, transactional id and the cluster: PLAIN, SCRAM-SHA-256/512, mTLS, OAuth. */
  console: { name: 'console', password: 'console-secret' },
  /** DESCRIBE+READ on topics `public-*`, READ on groups `public-*`, DESCRIBE on the cluster. */
  reader: { name: 'reader', password: 'reader-secret' },
  /** The broker itself on the internal and controller listeners: a super user. */
  broker: { name: 'broker', password: 'broker-secret' },
} as const;

/** OAuth2 client_credentials clients; the token's `sub` (so the Kafka principal) is the client id. */
export const OAUTH_CLIENTS = {
  console: { id: 'console', secret: 'console-oauth-secret' },
  reader: { id: 'reader', secret: 'reader-oauth-secret' },
} as const;
export const OAUTH_AUDIENCE = 'kafka-broker';
export const OAUTH_SCOPE = 'kafka';
export const DEFAULT_TOKEN_SECONDS = 3600;

/** The mTLS client certificate's subject; `ssl.principal.mapping.rules` turns it into User:console. */
export const CLIENT_DN = '/O=Kafka Console Tests/OU=clients/CN=console';
