import { z } from 'zod';
import { onFirstUse } from '../common/on-first-use.ts';

const flag = (description: string) =>
  z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .meta({ description });

/**
 * `POST /api/{cluster}/topic/{topic}/data/import`: the file is the body (docs/api-conventions.md#import),
 * `application/json` (the console's own download), `application/x-ndjson` or `text/csv`.
 */
export const ImportQuery = onFirstUse(() =>
  z.object({
    dryRun: flag('true: read and check every line, write nothing, answer what would be written'),
    keepPartitions: flag(
      "true: each record goes to the partition the file names; default: by key, as Kafka's producer does",
    ),
    onError: z.enum(['stop', 'skip']).optional().default('stop').meta({
      description: 'stop (default): one bad line and nothing is written; skip: write the good ones',
    }),
  }),
);
export type ImportQuery = z.infer<typeof ImportQuery>;

export const ImportLineError = onFirstUse(() =>
  z
    .object({
      line: z.number().int().meta({
        description: 'Line of the file the record starts on, from 1 (a CSV row over several lines: its last)',
      }),
      message: z.string(),
    })
    .meta({ id: 'ImportLineError' }),
);
export type ImportLineError = z.infer<typeof ImportLineError>;

export const ImportResult = onFirstUse(() =>
  z
    .object({
      written: z.number().int().meta({ description: 'Records written (a dry run: records that would be)' }),
      skipped: z.number().int().meta({ description: 'Bad lines left out (onError=skip)' }),
      errors: z
        .array(ImportLineError)
        .meta({ description: 'The first bad lines, in file order (at most 100; `skipped` counts them all)' }),
      dryRun: z.boolean(),
    })
    .meta({ id: 'ImportResult' }),
);
export type ImportResult = z.infer<typeof ImportResult>;
