import { z } from 'zod';
import { onFirstUse } from '../common/on-first-use.ts';
import { splitQueryList } from '../common/query.ts';
import { FilterFailures, filterExpression } from './filter-expression.ts';
import { DataRecord } from './topic-data.ts';

/** Highest `size` the console offers for the live tail: its largest Max Records choice. */
export const TAIL_MAX_SIZE = 2500;

/** `topic,partition,offset`: where to resume one partition (the `offsets` of a `tailBody`). */
const TailPosition = z
  .string()
  .regex(/^[\s\S]+,[0-9]{1,10},[0-9]{1,15}$/, 'must be topic,partition,offset')
  .meta({ description: 'topic,partition,offset' });

/** Has a character other than a comma or what `String.prototype.trim` removes. */
const NOT_BLANK =
  '[^,\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';

/** `GET /api/{cluster}/tail/sse` (docs/api-conventions.md#live-tail). */
export const TailQuery = onFirstUse(() =>
  z.object({
    topics: z.preprocess(splitQueryList, z.array(z.string()).min(1, 'name at least one topic')).meta({
      description: 'Topic names, repeated or comma-joined',
      // What the server reads: at least one name that is not blank once trimmed.
      minItems: 1,
      items: { type: 'string', pattern: NOT_BLANK },
    }),
    search: z.string().optional().meta({ description: 'Contains-match over key or value (as searchBy*_C)' }),
    filter: filterExpression,
    after: z
      .preprocess(
        (value) => (value === undefined ? [] : [value].flat().map(String)),
        z.array(TailPosition).default([]),
      )
      .meta({ description: 'Where to resume, repeated: the offsets of an earlier tailBody' }),
    size: z.coerce
      .number()
      .int()
      .min(1)
      .max(TAIL_MAX_SIZE)
      .optional()
      .meta({ description: 'How many rows the client keeps; the server sends at most this many per event' }),
  }),
);
export type TailQuery = z.infer<typeof TailQuery>;

/** One `tailBody` event: the new records (oldest first) and, cumulative, where each partition resumes. */
export const TailBody = onFirstUse(() =>
  z.object({
    records: z.array(DataRecord).optional(),
    offsets: z.array(z.string()).optional(),
    /** Cumulative since the tail started; sent when it grew. */
    filterFailures: FilterFailures.optional(),
  }),
);
export type TailBody = z.infer<typeof TailBody>;
