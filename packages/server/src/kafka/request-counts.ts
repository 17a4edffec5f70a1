import { subscribe } from 'node:diagnostics_channel';
import { protocolAPIsById } from '@platformatic/kafka';

/**
 * Requests this process sent to Kafka brokers, by API name, counted from the client library's own
 * diagnostics channel (every request it writes on a connection, ours through `send` or its own admin,
 * producer and consumer calls). Read by /metrics: how the broker cost of the console is watched, e.g. that
 * only the elected replica builds a shared group index.
 */
const counts = new Map<string, number>();

subscribe('tracing:plt:kafka:connections:api:start', (message) => {
  const apiKey = (message as { apiKey?: number }).apiKey;
  if (apiKey === undefined) return;
  const api = protocolAPIsById[apiKey] ?? `api${apiKey}`;
  counts.set(api, (counts.get(api) ?? 0) + 1);
});

export function kafkaRequestCounts(): ReadonlyMap<string, number> {
  return counts;
}
