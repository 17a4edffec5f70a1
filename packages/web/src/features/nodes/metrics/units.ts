import type { MetricUnit } from '@console/contract';
import { formatBytes } from '../../../lib/format-bytes';

/** A rate or count with the precision that matters at its size: 0.25, 3.5, 120, 4,300. */
function amount(value: number): string {
  const abs = Math.abs(value);
  const digits = abs === 0 || abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return value.toLocaleString('en', { maximumFractionDigits: digits });
}

const FORMATS: Record<MetricUnit, (value: number) => string> = {
  'bytes/s': (v) => `${formatBytes(v, 1)}/s`,
  'messages/s': (v) => `${amount(v)} msg/s`,
  'requests/s': (v) => `${amount(v)} req/s`,
  ms: (v) => (Math.abs(v) >= 1000 ? `${amount(v / 1000)} s` : `${amount(v)} ms`),
  partitions: (v) => amount(v),
};

/**
 * How a value of `unit` reads on an axis and in a legend: "1.5 MB/s", "120 msg/s", "35 ms", "2.1 s". The
 * same function each time, so a chart given it does not redraw for a new one.
 */
export const formatMetric = (unit: MetricUnit): ((value: number) => string) => FORMATS[unit];
