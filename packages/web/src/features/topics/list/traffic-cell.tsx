/**
 * A topic's last 24 hours as a sparkline (an SVG polyline: one per row, no chart library needed), its
 * total in words for screen readers and as the title (a number beside it would widen the tight list). Empty until the batched traffic call answers.
 */
export function TrafficCell({ hours, topic }: { hours: readonly number[] | undefined; topic: string }) {
  if (!hours) return null;
  const total = hours.reduce((sum, n) => sum + n, 0);
  const top = Math.max(1, ...hours);
  const width = 56;
  const height = 18;
  const x = (i: number) => (hours.length > 1 ? (i / (hours.length - 1)) * width : 0);
  const points = hours.map(
    (n, i) => `${x(i).toFixed(1)},${(height - 1 - (n / top) * (height - 2)).toFixed(1)}`,
  );
  const said = `${total.toLocaleString('en')} records written to ${topic} in the last 24 hours`;
  return (
    <span className="traffic-cell nowrap" title={said}>
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={said}>
        <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </span>
  );
}
