export type Latency = { n: number; p50: number; p95: number; min: number; max: number; mean: number };

/** Nearest-rank percentiles of request times in milliseconds, rounded to 0.1 ms. */
export function latency(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    n: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    min: round(sorted[0] ?? Number.NaN),
    max: round(sorted.at(-1) ?? Number.NaN),
    mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
  };
}
