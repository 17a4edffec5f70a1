import { z } from 'zod';
import { onFirstUse } from './common/on-first-use.ts';

const long = z.number().int();

/** One partition a group has committed on: its lag in records and in time. */
export const PartitionLagTime = onFirstUse(() =>
  z
    .object({
      topic: z.string(),
      partition: z.number().int(),
      lag: long.meta({ description: 'Records behind: end offset (read_committed) − committed offset, ≥ 0' }),
      lagMs: long.optional().meta({
        description:
          'Now − the timestamp of the first record the group has not consumed; 0 without lag. Left out when that record could not be read (leader unavailable, batch over 1 MiB, no timestamp)',
      }),
    })
    .meta({ id: 'PartitionLagTime' }),
);
export type PartitionLagTime = z.infer<typeof PartitionLagTime>;

export const LagRateSource = z.enum(['HISTORY', 'SAMPLES']);
export type LagRateSource = z.infer<typeof LagRateSource>;

/** `GET /api/{cluster}/group/{group}/lag-time` (docs/api-conventions.md#lag-in-time). */
export const GroupLagTime = onFirstUse(() =>
  z
    .object({
      partitions: z.array(PartitionLagTime),
      lag: long.meta({ description: 'Σ lag of the partitions answered' }),
      maxLagMs: long.meta({ description: 'The highest lagMs of the partitions answered; 0 without lag' }),
      timeToClearMs: long.nullable().meta({
        description:
          'lag ÷ how fast the lag shrinks: 0 without lag, null while the lag is not shrinking (or no rate could be measured)',
      }),
      rate: z
        .object({
          source: LagRateSource,
          windowMs: long,
          drainPerSecond: z
            .number()
            .meta({ description: 'Records of lag cleared per second over the window; negative: growing' }),
        })
        .optional()
        .meta({
          description: 'What timeToClearMs was measured from: the lag history, or samples of its own',
        }),
      timestamp: long.meta({ description: 'epoch ms the offsets were read (answers are kept 5 s)' }),
    })
    .meta({ id: 'GroupLagTime' }),
);
export type GroupLagTime = z.infer<typeof GroupLagTime>;
