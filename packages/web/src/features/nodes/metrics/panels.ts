import type { BrokerMetrics, MetricName, MetricUnit } from '@console/contract';
import type { TimeLine } from '../../../components/charts/time-chart';

/** One chart of the Metrics tab: a title, its unit, and which series it draws under which names. */
export type Panel = { title: string; unit: MetricUnit; lines: TimeLine[] };

const REQUESTS: Record<string, string> = {
  Produce: 'Produce',
  FetchConsumer: 'Fetch (consumers)',
  FetchFollower: 'Fetch (followers)',
};

const LAYOUT: { title: string; unit: MetricUnit; series: { name: MetricName; label?: string }[] }[] = [
  {
    title: 'Bytes in and out',
    unit: 'bytes/s',
    series: [
      { name: 'bytesIn', label: 'Bytes in' },
      { name: 'bytesOut', label: 'Bytes out' },
    ],
  },
  { title: 'Messages in', unit: 'messages/s', series: [{ name: 'messagesIn', label: 'Messages in' }] },
  { title: 'Requests', unit: 'requests/s', series: [{ name: 'requestRate' }] },
  { title: 'Request latency, 99th percentile', unit: 'ms', series: [{ name: 'requestLatencyP99' }] },
  {
    title: 'Under-replicated partitions',
    unit: 'partitions',
    series: [{ name: 'underReplicatedPartitions', label: 'Under-replicated' }],
  },
];

/** The answer's series grouped into the tab's charts; a request series is named after its request type. */
export function metricPanels(metrics: BrokerMetrics): Panel[] {
  return LAYOUT.map(({ title, unit, series }) => ({
    title,
    unit,
    lines: series.flatMap(({ name, label }) =>
      metrics.series
        .filter((s) => s.name === name)
        .map((s) => ({
          name: label ?? REQUESTS[s.request ?? ''] ?? s.request ?? name,
          points: s.points.map(([timestamp, value]) => ({ timestamp, value })),
        })),
    ),
  }));
}

/** What a chart shows, in words, for assistive technology: each line's latest and highest value. */
export function panelSummary(panel: Panel, format: (value: number) => string): string {
  const lines = panel.lines.map((line) => {
    const values = line.points.map((p) => p.value);
    if (values.length === 0) return `${line.name}: no data`;
    return `${line.name}: now ${format(values.at(-1) ?? 0)}, at most ${format(Math.max(...values))}`;
  });
  return `${panel.title}. ${lines.join('; ')}.`;
}
