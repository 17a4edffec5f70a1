import { z } from 'zod';
import { ClusterParams } from './cluster.ts';
import { onFirstUse } from './common/on-first-use.ts';
import { timeOf, timeParam } from './topics.ts';

/** The ranges the broker page offers; each is read as "this long, up to now". */
export const METRICS_RANGES = {
  '1h': 3_600_000,
  '6h': 21_600_000,
  '24h': 86_400_000,
  '7d': 604_800_000,
} as const;
export const MetricsRange = z.enum(['1h', '6h', '24h', '7d']);
export type MetricsRange = z.infer<typeof MetricsRange>;

/** Most points one series answers: Prometheus itself refuses more than 11,000. */
export const MAX_METRICS_POINTS = 1_000;
/** The longest window one request may ask for. */
export const MAX_METRICS_WINDOW_MS = 31 * 86_400_000;

/** A broker id is an integer; only one of the cluster's brokers answers (else 404). */
export const BrokerMetricsParams = ClusterParams.extend({
  id: z.string().regex(/^\d{1,9}$/, 'must be a broker id (an integer)'),
});

/**
 * `GET /api/{cluster}/node/{id}/metrics`: `range` up to now (default 1h), or `from` (and `to`, default now)
 * as ISO-8601 or epoch ms; `step` in seconds (default: the window in about 240 points).
 */
export const BrokerMetricsQuery = onFirstUse(() =>
  z
    .object({
      range: MetricsRange.optional().meta({ description: 'Up to now; ignored when `from` is given' }),
      from: timeParam().optional().meta({ description: 'Start of the window (default: `to` minus `range`)' }),
      to: timeParam().optional().meta({ description: 'End of the window (default: now)' }),
      step: z.coerce
        .number()
        .int()
        .min(1)
        .max(86_400)
        .optional()
        .meta({ description: 'Seconds between points (default: the window over 240)' }),
    })
    .superRefine((q, ctx) => {
      const to = q.to === undefined ? Date.now() : timeOf(q.to);
      const from = q.from === undefined ? to - METRICS_RANGES[q.range ?? '1h'] : timeOf(q.from);
      if (from >= to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be before to' });
      else if (to - from > MAX_METRICS_WINDOW_MS) {
        ctx.addIssue({ code: 'custom', path: ['from'], message: 'the window is at most 31 days' });
      } else if (q.step !== undefined && (to - from) / (q.step * 1000) > MAX_METRICS_POINTS) {
        ctx.addIssue({
          code: 'custom',
          path: ['step'],
          message: `too small for the window: at most ${MAX_METRICS_POINTS} points a series`,
        });
      }
    }),
);
export type BrokerMetricsQuery = z.infer<typeof BrokerMetricsQuery>;

export const MetricName = z.enum([
  'bytesIn',
  'bytesOut',
  'messagesIn',
  'requestRate',
  'requestLatencyP99',
  'underReplicatedPartitions',
]);
export type MetricName = z.infer<typeof MetricName>;
export const MetricUnit = z.enum(['bytes/s', 'messages/s', 'requests/s', 'ms', 'partitions']);
export type MetricUnit = z.infer<typeof MetricUnit>;

/** One series: `[epoch ms, value]` pairs, oldest first; a time Prometheus has no value for is left out. */
export const MetricSeries = onFirstUse(() =>
  z.object({
    name: MetricName,
    request: z.string().optional().meta({ description: 'The Kafka request type, for request series' }),
    unit: MetricUnit,
    points: z.array(z.tuple([z.number(), z.number()])),
  }),
);
export type MetricSeries = z.infer<typeof MetricSeries>;

/** A broker's metrics from the cluster's Prometheus (docs/metrics.md). */
export const BrokerMetrics = onFirstUse(() =>
  z
    .object({
      node: z.number().int(),
      from: z.string(),
      to: z.string(),
      step: z.number().int().meta({ description: 'Milliseconds between points' }),
      series: z.array(MetricSeries),
    })
    .meta({ id: 'BrokerMetrics' }),
);
export type BrokerMetrics = z.infer<typeof BrokerMetrics>;
