import {
  type BrokerMetrics,
  type BrokerMetricsQuery,
  METRICS_RANGES,
  type MetricSeries,
  timeOf,
} from '@console/contract';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { Config } from '../../platform/config/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { PrometheusClient, type RangeSeries } from '../../upstreams/prometheus/client.ts';
import type { UpstreamHttp } from '../../upstreams/upstream-http.ts';
import { findBroker } from '../cluster/nodes.ts';
import { brokerQueries } from './promql.ts';

/** About this many points a series when the caller names no step. */
const DEFAULT_POINTS = 240;

/** The window and step of a query (validated by the contract): `range` up to now, or from/to. */
function timeWindow(query: BrokerMetricsQuery, now = Date.now()) {
  const to = query.to === undefined ? now : timeOf(query.to);
  const from = query.from === undefined ? to - METRICS_RANGES[query.range ?? '1h'] : timeOf(query.from);
  const step =
    query.step !== undefined
      ? query.step * 1000
      : Math.max(1000, Math.ceil((to - from) / DEFAULT_POINTS / 1000) * 1000);
  // Aligned to the step, so a refresh a few seconds later asks for (and charts) the same points.
  return { from: Math.floor(from / step) * step, to: Math.ceil(to / step) * step, step };
}

/** Prometheus answers `[unix seconds, "value"]`; `NaN` and infinities (no data, empty histograms) are gaps. */
function points(series: RangeSeries[]): [number, number][] {
  const values = series[0]?.values ?? [];
  return values
    .map(([t, v]): [number, number] => [Math.round(t * 1000), Number(v)])
    .filter(([, v]) => Number.isFinite(v));
}

/**
 * A broker's metrics from its cluster's Prometheus (docs/metrics.md): one fixed query per series, built
 * from the config and the broker's metadata; the broker must be one of the cluster's (else 404).
 */
export function brokerMetricsService(config: Config, pool: KafkaPool, http: UpstreamHttp) {
  const clients = new Map<string, PrometheusClient>();

  const prometheus = (cluster: string) => {
    const settings = config.clusters[cluster];
    if (!settings) throw notFound(`Cluster '${cluster}' not found`);
    const own = settings.metrics?.prometheus;
    if (!own) {
      throw notFound(
        `Cluster '${cluster}' has no Prometheus configured (clusters.${cluster}.metrics.prometheus.url)`,
      );
    }
    let client = clients.get(cluster);
    if (!client) {
      const label = `Prometheus of cluster '${cluster}'`;
      client = new PrometheusClient(http, { ...own, label }, `clusters.${cluster}.metrics.prometheus`);
      clients.set(cluster, client);
    }
    return { client, matching: own };
  };

  return {
    broker: async (cluster: string, id: string, query: BrokerMetricsQuery): Promise<BrokerMetrics> => {
      const { client, matching } = prometheus(cluster);
      const broker = await pool.run(cluster, (admin) => findBroker(admin, id));
      const { from, to, step } = timeWindow(query);
      const series = await Promise.all(
        brokerQueries(matching, broker, step).map(
          async ({ name, request, unit, query: promql }): Promise<MetricSeries> => ({
            name,
            ...(request ? { request } : {}),
            unit,
            points: points(await client.queryRange(promql, from, to, step)),
          }),
        ),
      );
      return {
        node: broker.id,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        step,
        series,
      };
    },
  };
}
