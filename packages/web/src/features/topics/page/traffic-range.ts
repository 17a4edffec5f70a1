/**
 * The traffic chart's ranges (last hour, day, week, the whole retention) and the bucket each uses, with
 * the unit a bucket's count is read in: a minute's, a quarter of an hour's, an hour's, or the step's own.
 */
export type TrafficRange = '1h' | '24h' | '7d' | 'all';

export const TRAFFIC_RANGES: Record<TrafficRange, { label: string; span?: number; buckets: number }> = {
  '1h': { label: 'Last hour', span: 3_600_000, buckets: 60 },
  '24h': { label: 'Last day', span: 86_400_000, buckets: 96 },
  '7d': { label: 'Last week', span: 7 * 86_400_000, buckets: 168 },
  all: { label: 'Whole retention', buckets: 200 },
};

const UNITS: [number, string][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1_000, 'second'],
];

/** How a bucket of `stepMs` reads: "per minute", "per 15 minutes", "per 2.5 hours". */
export function perStep(stepMs: number): string {
  const [size, unit] = UNITS.find(([ms]) => stepMs >= ms) ?? [1, 'millisecond'];
  const count = Math.round((stepMs / size) * 10) / 10;
  return count === 1 ? `per ${unit}` : `per ${count.toLocaleString('en')} ${unit}s`;
}
