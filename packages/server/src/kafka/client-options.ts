import { readFileSync } from 'node:fs';
import type { BaseOptions, SASLOptions } from '@platformatic/kafka';
import type { Config } from '../config/schema.ts';
import { badRequest } from '../errors.ts';

type ClientTuning = Config['kafkaClient'];
const MECHANISMS = ['PLAIN', 'SCRAM-SHA-256', 'SCRAM-SHA-512', 'OAUTHBEARER'] as const;

/**
 * Maps the Java-style properties an operator already has (AKHQ, Kafka CLI tools) onto client options:
 * bootstrap.servers, client.id, security.protocol, sasl.mechanism with sasl.jaas.config (or
 * sasl.username / sasl.password), and PEM files ssl.ca.location, ssl.certificate.location, ssl.key.location.
 */
export function clientOptions(
  cluster: string,
  props: Readonly<Record<string, string>>,
  tuning: ClientTuning,
) {
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
  if (protocol === 'SSL' || protocol === 'SASL_SSL') options.tls = tlsOptions(props);
  if (protocol.startsWith('SASL_')) options.sasl = saslOptions(cluster, props);
  return options;
}

function tlsOptions(props: Readonly<Record<string, string>>) {
  const read = (key: string) => (props[key] ? readFileSync(props[key]) : undefined);
  return {
    ca: read('ssl.ca.location'),
    cert: read('ssl.certificate.location'),
    key: read('ssl.key.location'),
  };
}

function saslOptions(cluster: string, props: Readonly<Record<string, string>>): SASLOptions {
  const mechanism = (props['sasl.mechanism'] ?? 'PLAIN').toUpperCase();
  const known = MECHANISMS.find((m) => m === mechanism);
  if (!known) throw badRequest(`clusters.${cluster}.properties.sasl.mechanism`, `unsupported: ${mechanism}`);
  const jaas = props['sasl.jaas.config'] ?? '';
  const fromJaas = (name: string) => new RegExp(`${name}\\s*=\\s*"([^"]*)"`).exec(jaas)?.[1];
  return {
    mechanism: known,
    username: props['sasl.username'] ?? fromJaas('username'),
    password: props['sasl.password'] ?? fromJaas('password'),
  };
}
