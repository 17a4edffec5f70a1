import { z } from 'zod';
import type { ErrorEnvelope } from '../common/errors.ts';
import { intOrText } from '../common/numbers.ts';
import { onFirstUse } from '../common/on-first-use.ts';
import { isoInstant } from '../common/query.ts';
import { FilterFailures, filterExpression } from './filter-expression.ts';
import type { StreamEvent } from './streams.ts';

/** Records one redrive or replay may pick one by one (`selection`). */
export const MOVE_MAX_SELECTION = 10_000;
/** The fastest rate a move may ask for, in records a second. */
export const MOVE_MAX_RATE = 100_000;

const partitionId = z.number().int().min(0).max(2_147_483_647);
const offset = intOrText(z.number().int().min(0));

/**
 * Which records of the source a redrive or replay reads (docs/api-conventions.md#redrive-and-replay): the
 * listed records, or every record of the range (partitions, offsets, times) the filter keeps.
 */
const sourceFields = {
  selection: z
    .array(z.object({ partition: partitionId, offset }))
    .min(1)
    .max(MOVE_MAX_SELECTION)
    .optional()
    .meta({ description: 'These records only (each still passes the filter); the range is then ignored' }),
  partitions: z
    .array(partitionId)
    .min(1)
    .optional()
    .meta({ description: 'Source partitions to read; default all' }),
  offsets: z
    .array(z.object({ partition: partitionId, start: offset.optional(), end: offset.optional() }))
    .min(1)
    .optional()
    .meta({ description: 'Per partition, the first and last offset to read (both included)' }),
  startTimestamp: isoInstant.optional().meta({ description: 'From the first record at or after this time' }),
  endTimestamp: isoInstant.optional().meta({ description: 'Records before this time only' }),
  filter: filterExpression,
  ratePerSecond: z
    .number()
    .positive()
    .max(MOVE_MAX_RATE)
    .optional()
    .meta({ description: 'Records written a second at most; default as fast as the target takes them' }),
  after: z.string().max(200_000).optional().meta({
    description: 'The cursor a stopped run ended with: resume after it (nothing is read or sent twice)',
  }),
  dryRun: z.boolean().optional().meta({ description: 'Read and count per target; write nothing' }),
};

const checkRange = (
  body: { selection?: unknown; offsets?: unknown; partitions?: unknown },
  ctx: z.core.$RefinementCtx,
) => {
  if (body.selection && (body.offsets || body.partitions)) {
    ctx.addIssue({
      code: 'custom',
      path: ['selection'],
      message: 'selection names records one by one: leave out partitions and offsets',
    });
  }
};

/** Where a dead letter goes back to (docs/api-conventions.md#redrive-and-replay). */
export const REDRIVE_RULES = ['auto', 'connect', 'spring', 'header', 'topic'] as const;

export const RedriveBody = onFirstUse(() =>
  z
    .object({
      ...sourceFields,
      target: z
        .object({
          rule: z
            .enum(REDRIVE_RULES)
            .default('auto')
            .meta({
              description:
                "auto: Kafka Connect's `__connect.errors.topic` header, else Spring Kafka's `kafka_dlt-original-topic`; " +
                'connect or spring: that header only; header: the header named in `header`; topic: every record to `topic`',
            }),
          header: z.string().min(1).max(249).optional(),
          topic: z.string().min(1).max(249).optional(),
        })
        .default({ rule: 'auto' }),
      partitioning: z.enum(['keep', 'key']).default('keep').meta({
        description:
          'keep: the partition the error headers name (else the source record’s); key: where Kafka’s producer puts the key',
      }),
      keepErrorHeaders: z.boolean().default(false).meta({
        description: 'Also send the `__connect.errors.*` and `kafka_dlt-*` headers (dropped by default)',
      }),
    })
    .superRefine((body, ctx) => {
      checkRange(body, ctx);
      if (body.target.rule === 'header' && !body.target.header) {
        ctx.addIssue({
          code: 'custom',
          path: ['target', 'header'],
          message: 'name the header that holds the topic',
        });
      }
      if (body.target.rule === 'topic' && !body.target.topic) {
        ctx.addIssue({
          code: 'custom',
          path: ['target', 'topic'],
          message: 'name the topic to send every record to',
        });
      }
    })
    .meta({ id: 'RedriveBody' }),
);
export type RedriveBody = z.infer<typeof RedriveBody>;

/** A replay: the copy of a range, filtered, paced, resumable, to a topic of this or another cluster. */
export const ReplayBody = onFirstUse(() =>
  z
    .object({
      ...sourceFields,
      toCluster: z.string().min(1).optional().meta({ description: 'Default: the source’s cluster' }),
      toTopic: z.string().min(1).max(249),
      partitioning: z.enum(['keep', 'key']).default('keep').meta({
        description:
          'keep: the source record’s partition when the target has as many, else by key; key: where Kafka’s producer puts the key',
      }),
    })
    .superRefine(checkRange)
    .meta({ id: 'ReplayBody' }),
);
export type ReplayBody = z.infer<typeof ReplayBody>;

/** Records per target topic. */
const Counts = z.record(z.string(), z.number().int());

const countFields = {
  read: z.number().int().meta({ description: 'Records read from the source' }),
  matched: z.number().int().meta({ description: 'Records the selection and filter kept' }),
  targets: Counts.meta({ description: 'Records per target topic (sent, or that would be in a dry run)' }),
  unresolved: z.number().int().meta({ description: 'Kept records whose headers name no target: not sent' }),
  after: z.string().optional().meta({ description: 'Where a run goes on: give it back as `after`' }),
  percent: z.number(),
};

/** The dry run's answer, and the data of the stream's events. */
export const MoveCounts = onFirstUse(() =>
  z
    .object({
      ...countFields,
      missing: z.array(z.string()).meta({ description: 'Target topics that do not exist' }),
      denied: z.array(z.string()).meta({ description: 'Target topics the caller may not write' }),
      filterFailures: FilterFailures.optional(),
      reason: z.enum(['end', 'records', 'bytes', 'time']).meta({
        description:
          'end: the whole range was read; records, bytes, time: the scan budget cut the dry run at `after`',
      }),
    })
    .meta({ id: 'MoveCounts' }),
);
export type MoveCounts = z.infer<typeof MoveCounts>;

export const MOVE_EVENT = {
  start: 'moveStart',
  progress: 'moveProgress',
  end: 'moveEnd',
  error: 'moveError',
} as const;

export type MoveStart = { id: string };
export type MoveProgress = z.infer<z.ZodObject<typeof countFields>> & { sent: number };
export type MoveEnd = MoveProgress & {
  reason: 'end' | 'stopped' | 'time' | 'records' | 'bytes';
  filterFailures?: FilterFailures;
};

export type MoveEvents = {
  [MOVE_EVENT.start]: MoveStart;
  [MOVE_EVENT.progress]: MoveProgress;
  [MOVE_EVENT.end]: MoveEnd;
  [MOVE_EVENT.error]: ErrorEnvelope;
};
export type MoveEvent = StreamEvent<MoveEvents>;

/** A run's state, as Stop and the lookup answer it. */
export const MoveStatus = onFirstUse(() =>
  z
    .object({
      running: z.boolean(),
      last: z
        .object({ ...countFields, sent: z.number().int(), reason: z.string().optional() })
        .optional()
        .meta({ description: 'The latest progress, or the end once it ended' }),
    })
    .meta({ id: 'MoveStatus' }),
);
export type MoveStatus = z.infer<typeof MoveStatus>;

export const MoveStopParams = z.object({ cluster: z.string().min(1), id: z.string().min(1).max(64) });
