/**
 * The Java-style Kafka client properties the console understands (docs/connecting.md lists each with its
 * meaning). Any other key is refused at start with its name: a property silently ignored is how a
 * truststore ends up unused and every page answers "unreachable".
 */
export const KAFKA_PROPERTIES = [
  'bootstrap.servers',
  'client.id',
  'security.protocol',
  // TLS: Java's stores, PEM files (librdkafka's names), inline PEM.
  'ssl.truststore.location',
  'ssl.truststore.password',
  'ssl.truststore.type',
  'ssl.truststore.certificates',
  'ssl.keystore.location',
  'ssl.keystore.password',
  'ssl.keystore.type',
  'ssl.keystore.certificate.chain',
  'ssl.keystore.key',
  'ssl.key.password',
  'ssl.ca.location',
  'ssl.certificate.location',
  'ssl.key.location',
  'ssl.endpoint.identification.algorithm',
  // SASL.
  'sasl.mechanism',
  'sasl.jaas.config',
  'sasl.username',
  'sasl.password',
  'sasl.kerberos.service.name',
  'sasl.oauthbearer.token.endpoint.url',
  'sasl.oauthbearer.client.credentials.client.id',
  'sasl.oauthbearer.client.credentials.client.secret',
  'sasl.oauthbearer.scope',
  'sasl.login.callback.handler.class',
  'sasl.client.callback.handler.class',
] as const;

const KNOWN = new Set<string>(KAFKA_PROPERTIES);

export const SECURITY_PROTOCOLS = ['PLAINTEXT', 'SSL', 'SASL_PLAINTEXT', 'SASL_SSL'] as const;
export const SASL_MECHANISMS = [
  'PLAIN',
  'SCRAM-SHA-256',
  'SCRAM-SHA-512',
  'OAUTHBEARER',
  'GSSAPI',
  'AWS_MSK_IAM',
] as const;

/**
 * Callback handlers Java clients need named for OAuth and MSK IAM; the console does the same work itself,
 * so these values are understood (and any other class is refused).
 */
export const KNOWN_CALLBACK_HANDLERS = new Set([
  'org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginCallbackHandler',
  'org.apache.kafka.common.security.oauthbearer.secured.OAuthBearerLoginCallbackHandler',
  'software.amazon.msk.auth.iam.IAMClientCallbackHandler',
  'software.amazon.msk.auth.iam.IAMOAuthBearerLoginCallbackHandler',
]);

export type PropertyIssue = { key: string; message: string };

/** What is wrong with a cluster's properties, key by key; empty when the console understands them all. */
export function checkKafkaProperties(props: Readonly<Record<string, string>>): PropertyIssue[] {
  const issues: PropertyIssue[] = [];
  for (const key of Object.keys(props)) {
    if (!KNOWN.has(key)) issues.push({ key, message: 'not a Kafka client property the console understands' });
  }
  const oneOf = (key: string, allowed: readonly string[]) => {
    const value = props[key];
    if (value !== undefined && !allowed.includes(value.toUpperCase())) {
      issues.push({ key, message: `'${value}' is not one of ${allowed.join(', ')}` });
    }
  };
  oneOf('security.protocol', SECURITY_PROTOCOLS);
  oneOf('sasl.mechanism', SASL_MECHANISMS);
  for (const key of ['ssl.truststore.type', 'ssl.keystore.type']) oneOf(key, ['JKS', 'PKCS12', 'PEM']);
  const identification = props['ssl.endpoint.identification.algorithm'];
  if (identification !== undefined && !['', 'https'].includes(identification.toLowerCase())) {
    issues.push({
      key: 'ssl.endpoint.identification.algorithm',
      message: "only 'https' (check the broker's host name, the default) or empty (do not) are known",
    });
  }
  for (const key of ['sasl.login.callback.handler.class', 'sasl.client.callback.handler.class']) {
    const value = props[key];
    if (value !== undefined && !KNOWN_CALLBACK_HANDLERS.has(value)) {
      issues.push({ key, message: `'${value}' is not a callback handler the console can stand in for` });
    }
  }
  return issues;
}

/** An HTTP upstream's `tls`: the `ssl.*` keys a cluster takes, nothing else. */
export function checkUpstreamTls(tls: Readonly<Record<string, string>>): PropertyIssue[] {
  const unknown = Object.keys(tls)
    .filter((key) => !key.startsWith('ssl.') || !KNOWN.has(key))
    .map((key) => ({
      key,
      message: 'not a TLS setting the console understands (the ssl.* keys of a cluster)',
    }));
  const checked = checkKafkaProperties(Object.fromEntries(Object.entries(tls).filter(([k]) => KNOWN.has(k))));
  return [...unknown, ...checked];
}
