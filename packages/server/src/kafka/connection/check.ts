import { ConfigError } from '../../platform/config/load.ts';
import type { Config } from '../../platform/config/schema.ts';
import { tlsSettings } from '../../platform/credentials/tls-stores.ts';
import { connectionOf } from './client-options.ts';
import { PropertyError } from './property-error.ts';

/** tls-stores.ts starts its messages with the key at fault: `ssl.truststore.password: wrong password ...`. */
function keyed(error: unknown): PropertyError {
  if (error instanceof PropertyError) return error;
  const message = (error as Error).message;
  const key = /^(ssl\.[\w.]+): /.exec(message)?.[1];
  return key ? new PropertyError(key, message.slice(key.length + 2)) : new PropertyError('ssl', message);
}

/**
 * Builds every cluster's connection, and every HTTP upstream's TLS, once at start, so a store that cannot
 * be read or opened, a wrong key password or an incomplete SASL setting stops the start with one line
 * naming the cluster and the key (serve.ts), instead of every page answering "unreachable" later.
 */
export function checkConnections(config: Config): void {
  for (const [cluster, settings] of Object.entries(config.clusters)) {
    const at = (where: string, run: () => unknown) => {
      try {
        run();
      } catch (error) {
        const { key, message } = keyed(error);
        throw new ConfigError(`clusters.${cluster}.${where}.${key}: ${message}`);
      }
    };
    at('properties', () => connectionOf(cluster, settings.properties, config.kafkaClient));
    const upstreams = [
      ['schemaRegistry', settings.schemaRegistry],
      ...settings.connect.map((c, i) => [`connect.${i}`, c] as const),
      ...settings.ksqldb.map((k, i) => [`ksqldb.${i}`, k] as const),
    ] as const;
    for (const [where, upstream] of upstreams) {
      const tls = upstream?.tls;
      if (tls) at(`${where}.tls`, () => tlsSettings(tls));
    }
  }
}
