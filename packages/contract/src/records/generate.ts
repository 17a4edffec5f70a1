import { z } from 'zod';
import { onFirstUse } from '../common/on-first-use.ts';

/** Records one generate request writes at most (count mode). */
export const GENERATE_MAX_COUNT = 1_000_000;
/** Longest rate-mode run, in seconds. */
export const GENERATE_MAX_SECONDS = 3_600;
/** Fastest rate-mode pace, records a second. */
export const GENERATE_MAX_RATE = 100_000;
/** Values a preview answers at most. */
export const GENERATE_MAX_PREVIEW = 20;

const template = (description: string) => z.unknown().optional().meta({ description });

/**
 * `POST /api/{cluster}/topic/{topic}/data/generate` (docs/api-conventions.md#generate): fake records from a
 * registry subject's latest schema or from a JSON template, a count of them or a rate for a duration.
 */
export const GenerateBody = onFirstUse(() =>
  z
    .object({
      subject: z.string().min(1).optional().meta({
        description: 'Registry subject: each value conforms to its latest schema, encoded through it',
      }),
      keySubject: z.string().min(1).optional().meta({ description: 'Registry subject for the keys' }),
      template: template(
        'A JSON value whose strings may hold `{{faker.<module>.<method>(<one JSON argument>)}}`, `{{index}}`, `{{now}}`',
      ),
      keyTemplate: template('The key, as a template of the same syntax; absent (and no keySubject): no key'),
      headers: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: 'Header name → template string, resolved per record' }),
      count: z.number().int().min(1).max(GENERATE_MAX_COUNT).optional(),
      ratePerSecond: z.number().positive().max(GENERATE_MAX_RATE).optional(),
      durationSeconds: z.number().positive().max(GENERATE_MAX_SECONDS).optional(),
      seed: z
        .number()
        .int()
        .optional()
        .meta({ description: 'The same seed and body generate the same values' }),
      partition: z.number().int().min(0).max(2_147_483_647).optional().meta({
        description: 'Absent: keyed records go where Kafka’s producer puts the key, others round robin',
      }),
    })
    .superRefine((body, ctx) => {
      const hasTemplate = body.template !== undefined;
      if (!body.subject === !hasTemplate) {
        ctx.addIssue({
          code: 'custom',
          path: [body.subject ? 'template' : 'subject'],
          message: 'give exactly one of subject and template',
        });
      }
      if (body.keySubject && body.keyTemplate !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['keyTemplate'],
          message: 'give at most one of keySubject and keyTemplate',
        });
      }
      const rate = body.ratePerSecond !== undefined || body.durationSeconds !== undefined;
      if (body.count !== undefined && rate) {
        ctx.addIssue({
          code: 'custom',
          path: ['count'],
          message: 'give either count or ratePerSecond with durationSeconds, not both',
        });
      } else if (body.count === undefined && !rate) {
        ctx.addIssue({
          code: 'custom',
          path: ['count'],
          message: 'give count, or ratePerSecond with durationSeconds',
        });
      } else if (rate) {
        for (const field of ['ratePerSecond', 'durationSeconds'] as const) {
          if (body[field] === undefined) {
            ctx.addIssue({ code: 'custom', path: [field], message: 'required in rate mode' });
          }
        }
      }
    })
    .meta({ id: 'GenerateBody' }),
);
export type GenerateBody = z.infer<typeof GenerateBody>;

export const GenerateQuery = onFirstUse(() =>
  z.object({
    preview: z.coerce
      .number()
      .int()
      .min(1)
      .max(GENERATE_MAX_PREVIEW)
      .optional()
      .meta({
        description: `Generate this many values (at most ${GENERATE_MAX_PREVIEW}) and answer them; nothing is written`,
      }),
  }),
);
export type GenerateQuery = z.infer<typeof GenerateQuery>;

export const GeneratedPreview = onFirstUse(() =>
  z
    .object({
      key: z.string().nullable(),
      value: z.string().nullable(),
    })
    .meta({ id: 'GeneratedPreview', description: 'A generated record as the Data tab shows it' }),
);
export type GeneratedPreview = z.infer<typeof GeneratedPreview>;

export const GenerateResult = onFirstUse(() =>
  z
    .object({
      written: z.number().int().meta({ description: 'Records the broker acknowledged' }),
      stopped: z
        .literal(true)
        .optional()
        .meta({ description: 'Present when the client left before the end: `written` were written' }),
      preview: z.array(GeneratedPreview).optional().meta({ description: 'With `?preview=N` only' }),
    })
    .meta({ id: 'GenerateResult' }),
);
export type GenerateResult = z.infer<typeof GenerateResult>;
