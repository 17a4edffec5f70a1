import { METRICS_RANGES, type MetricsRange } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { LazyTimeChart } from '../../../components/charts/lazy-time-chart';
import { Spinner } from '../../../components/spinner';
import { nodeMetricsQuery } from './api';
import { metricPanels, panelSummary } from './panels';
import { formatMetric } from './units';
import './node-metrics.css';

const RANGE_LABELS: Record<MetricsRange, string> = {
  '1h': 'Last hour',
  '6h': 'Last 6 hours',
  '24h': 'Last day',
  '7d': 'Last week',
};

/**
 * A broker's metrics from the cluster's Prometheus (docs/metrics.md): throughput, requests, latency and
 * under-replicated partitions over the chosen range, one chart each.
 */
export function NodeMetricsTab({ cluster, node }: { cluster: string; node: string }) {
  const [range, setRange] = useState<MetricsRange>('1h');
  const { data, isPending, error } = useQuery(nodeMetricsQuery(cluster, node, range));
  // Built once per answer: a chart redraws when its lines are a new array.
  const panels = useMemo(() => (data ? metricPanels(data) : []), [data]);
  const empty = data?.series.every((s) => s.points.length === 0) === true;
  return (
    <section className="node-metrics" aria-label="Metrics">
      <div className="node-metrics__head">
        <p className="node-metrics__note">
          {data ? `From Prometheus, a point every ${Math.round(data.step / 1000)} s` : ' '}
        </p>
        <fieldset className="chart-ranges" aria-label="Metrics range">
          {(Object.keys(METRICS_RANGES) as MetricsRange[]).map((r) => (
            <button
              key={r}
              type="button"
              className="btn"
              aria-pressed={r === range}
              onClick={() => setRange(r)}
            >
              {RANGE_LABELS[r]}
            </button>
          ))}
        </fieldset>
      </div>
      {isPending && <Spinner label="Loading metrics" />}
      {error && <p className="node-metrics__note">Metrics are unavailable: {error.message}</p>}
      {empty && (
        <p className="node-metrics__note">
          Prometheus has no series for this broker in this range. Check that it scrapes the broker's JMX
          exporter and the cluster's brokerLabel settings.
        </p>
      )}
      {data && (
        <div className="node-metrics__grid">
          {panels.map((panel) => {
            const format = formatMetric(panel.unit);
            return (
              <figure key={panel.title} className="node-metrics__panel">
                <h3>{panel.title}</h3>
                <LazyTimeChart
                  lines={panel.lines}
                  format={format}
                  span={{ from: Date.parse(data.from), to: Date.parse(data.to) }}
                  summary={panelSummary(panel, format)}
                />
              </figure>
            );
          })}
        </div>
      )}
    </section>
  );
}
