import type { BaseOptions } from '@platformatic/kafka';
import type { Config } from '../../platform/config/schema.ts';
import { tlsSettings } from '../../platform/credentials/tls-stores.ts';
import { type SaslIdentity, saslOptions } from './sasl/sasl.ts';

type ClientTuning = Config['kafkaClient'];

/** A cluster's connection, built once (the stores read, the token source made) and shared by its clients. */
export type Connection = {
  options: BaseOptions;
  /** What error messages say about the connection: the protocol, and for SASL the mechanism and principal. */
  protocol: string;
  sasl?: SaslIdentity | undefined;
  tls: boolean;
  /** Whether TLS presents a client certificate (failures.ts: a listener that closes after the handshake). */
  clientCertificate: boolean;
};

/**
 * Maps the Java-style properties an operator already has (AKHQ, Kafka CLI tools; the keys
 * config/kafka-properties.ts knows, docs/connecting.md) onto the client's options, in this one place.
 * A property that cannot be used throws an error naming its key (check.ts turns it into the start's refusal).
 */
export function connectionOf(
  cluster: string,
  props: Readonly<Record<string, string>>,
  tuning: ClientTuning,
): Connection {
  const protocol = (props['security.protocol'] ?? 'PLAINTEXT').toUpperCase();
  const options: BaseOptions = {
    clientId: props['client.id'] ?? `kafka-console-${cluster}`,
    bootstrapBrokers: (props['bootstrap.servers'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    connectTimeout: tuning.connectTimeoutMs,
    timeout: tuning.requestTimeoutMs,
    requestTimeout: tuning.requestTimeoutMs,
    retries: tuning.retries,
    retryDelay: 250,
  };
  const tls = protocol === 'SSL' || protocol === 'SASL_SSL';
  if (tls) {
    options.tls = tlsSettings(props) as NonNullable<BaseOptions['tls']>;
  }
  let sasl: SaslIdentity | undefined;
  if (protocol.startsWith('SASL_')) {
    const built = saslOptions(props, tuning.requestTimeoutMs);
    options.sasl = built.options;
    sasl = built.identity;
  }
  return { options, protocol, sasl, tls, clientCertificate: Boolean(options.tls?.cert) };
}
