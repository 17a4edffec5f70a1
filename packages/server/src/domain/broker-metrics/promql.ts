import type { MetricName, MetricUnit } from '@console/contract';

/** How one cluster's brokers are told apart in its Prometheus (config/metrics.ts). */
export type BrokerMatching = {
  brokerLabel: string;
  brokerValue?: string | undefined;
  brokers: Readonly<Record<string, string>>;
  selector: Readonly<Record<string, string>>;
  rateWindowSeconds: number;
};

/** The broker, from Kafka's metadata: the id is an integer, host and port as the broker advertises them. */
export type BrokerRef = { id: number; host: string; port: number };

/** A PromQL string literal: quotes and backslashes escaped, control characters as \u escapes. */
export const promString = (value: string): string => JSON.stringify(value);

/** RE2 (Prometheus' regex engine) metacharacters escaped, so a host name matches only itself. */
const reLiteral = (value: string): string => value.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');

const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/**
 * The label matchers that pick one broker's series: the fixed `selector`, then the broker label, by the
 * explicit map, else the `brokerValue` template, else `<host>:<any port>` (the `instance` of an exporter
 * on the broker's host). Everything here comes from the config and Kafka's metadata, never a request;
 * the id is an integer already, and label names are checked again so nothing else can reach PromQL.
 */
export function brokerMatchers(matching: BrokerMatching, broker: BrokerRef): string {
  if (!Number.isSafeInteger(broker.id) || broker.id < 0) throw new Error(`not a broker id: ${broker.id}`);
  const labels = [...Object.keys(matching.selector), matching.brokerLabel];
  const bad = labels.find((name) => !LABEL_NAME.test(name));
  if (bad !== undefined) throw new Error(`not a Prometheus label name: ${bad}`);
  const fixed = Object.entries(matching.selector).map(([name, value]) => `${name}=${promString(value)}`);
  const own = matching.brokers[String(broker.id)];
  const template = matching.brokerValue;
  const chosen =
    own !== undefined
      ? `${matching.brokerLabel}=${promString(own)}`
      : template !== undefined
        ? `${matching.brokerLabel}=${promString(
            template
              .replaceAll('{id}', String(broker.id))
              .replaceAll('{host}', broker.host)
              .replaceAll('{port}', String(broker.port)),
          )}`
        : `${matching.brokerLabel}=~${promString(`${reLiteral(broker.host)}(:[0-9]+)?`)}`;
  return [...fixed, chosen].join(',');
}

export type SeriesQuery = { name: MetricName; request?: string; unit: MetricUnit; query: string };

/** The request types whose rate the page shows, and those whose latency it shows (Kafka's names). */
export const RATE_REQUESTS = ['Produce', 'FetchConsumer', 'FetchFollower'] as const;
export const LATENCY_REQUESTS = ['Produce', 'FetchConsumer'] as const;

/**
 * The fixed queries of a broker's page, over the names the Prometheus JMX exporter's Kafka example rules
 * give (docs/metrics.md). Counters are `rate()`d over the larger of the step and `rateWindowSeconds`, and
 * summed over the series left (per-version request counters, duplicate scrapes); gauges take the max.
 */
export function brokerQueries(matching: BrokerMatching, broker: BrokerRef, stepMs: number): SeriesQuery[] {
  const match = brokerMatchers(matching, broker);
  const window = `${Math.max(matching.rateWindowSeconds, Math.ceil(stepMs / 1000))}s`;
  const rate = (metric: string, extra = '') => `sum(rate(${metric}{${extra}${match}}[${window}]))`;
  // The exporter's example names the broker-wide counters without a `topic` label; PromQL's `topic=""`
  // picks exactly those, not the per-topic ones.
  const total = 'topic="",';
  return [
    { name: 'bytesIn', unit: 'bytes/s', query: rate('kafka_server_brokertopicmetrics_bytesin_total', total) },
    {
      name: 'bytesOut',
      unit: 'bytes/s',
      query: rate('kafka_server_brokertopicmetrics_bytesout_total', total),
    },
    {
      name: 'messagesIn',
      unit: 'messages/s',
      query: rate('kafka_server_brokertopicmetrics_messagesin_total', total),
    },
    ...RATE_REQUESTS.map(
      (request): SeriesQuery => ({
        name: 'requestRate',
        request,
        unit: 'requests/s',
        query: rate('kafka_network_requestmetrics_requests_total', `request=${promString(request)},`),
      }),
    ),
    ...LATENCY_REQUESTS.map(
      (request): SeriesQuery => ({
        name: 'requestLatencyP99',
        request,
        unit: 'ms',
        query: `max(kafka_network_requestmetrics_totaltimems{quantile="0.99",request=${promString(request)},${match}})`,
      }),
    ),
    {
      name: 'underReplicatedPartitions',
      unit: 'partitions',
      query: `max(kafka_server_replicamanager_underreplicatedpartitions{${match}})`,
    },
  ];
}
