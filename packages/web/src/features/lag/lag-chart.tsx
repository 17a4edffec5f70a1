import { LazyTimeChart } from '../../components/charts/lazy-time-chart';

export type LagLine = { name: string; points: readonly { timestamp: number; lag: number }[] };

/** A group's or a topic's lag over time: the shared time chart, one line each. */
export function LagChart({
  lines,
  summary,
  span,
}: {
  lines: readonly LagLine[];
  summary: string;
  span: { from: number; to: number };
}) {
  const values = lines.map((l) => ({
    name: l.name,
    points: l.points.map((p) => ({ timestamp: p.timestamp, value: p.lag })),
  }));
  return <LazyTimeChart lines={values} summary={summary} span={span} className="lag-chart" />;
}
