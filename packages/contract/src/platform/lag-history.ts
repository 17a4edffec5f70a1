import { z } from 'zod';
import { onFirstUse } from '../common/on-first-use.ts';
import { isoInstant } from '../common/query.ts';

/** An instant given as epoch milliseconds or an ISO-8601 date-time with offset. */
const instant = z
  .union([z.string().regex(/^\d{1,15}$/, 'epoch milliseconds'), isoInstant])
  .transform((v) => (/^\d+$/.test(v) ? Number(v) : Date.parse(v)));

export const LagHistoryQuery = onFirstUse(() =>
  z.object({
    from: instant
      .optional()
      .meta({ description: 'start of the range (epoch ms or ISO instant); default: an hour before `to`' }),
    to: instant.optional().meta({ description: 'end of the range (epoch ms or ISO instant); default: now' }),
    partitions: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true')
      .meta({
        description: 'true: one point per partition instead of per topic (kept for the last 65 minutes)',
      }),
  }),
);

export const LagPoint = onFirstUse(() =>
  z
    .object({
      timestamp: z
        .number()
        .int()
        .meta({ description: 'epoch ms of the sample (of the bucket, for ranges over an hour)' }),
      topic: z.string(),
      partition: z.number().int().optional(),
      lag: z.number().int(),
    })
    .meta({ id: 'LagPoint' }),
);
export type LagPoint = z.infer<typeof LagPoint>;

export const LagHistory = onFirstUse(() =>
  z
    .object({
      points: z.array(LagPoint),
      /** The resolution of the points: every sample up to an hour, else the highest sample per 5 min / hour. */
      stepMs: z.number().int(),
      intervalMs: z.number().int(),
    })
    .meta({ id: 'LagHistory' }),
);
export type LagHistory = z.infer<typeof LagHistory>;

export const LagAlertCondition = z.enum(['LAG_ABOVE', 'LAG_GROWING', 'NO_MEMBERS', 'TIME_LAG_ABOVE']);

export const LagAlert = onFirstUse(() =>
  z
    .object({
      rule: z.string(),
      condition: LagAlertCondition,
      group: z.string(),
      topic: z.string().optional(),
      lag: z.number().int().optional(),
      threshold: z.number().int().optional(),
      lagMs: z.number().int().optional().meta({
        description:
          "TIME_LAG_ABOVE: the highest time lag (ms) of the topic's partitions at the newest sample",
      }),
      since: z.number().int().meta({ description: 'epoch ms of the first sample the rule matched' }),
    })
    .meta({ id: 'LagAlert' }),
);
export type LagAlert = z.infer<typeof LagAlert>;

export const LagAlertList = onFirstUse(() =>
  z.object({ alerts: z.array(LagAlert) }).meta({ id: 'LagAlertList' }),
);
export type LagAlertList = z.infer<typeof LagAlertList>;
