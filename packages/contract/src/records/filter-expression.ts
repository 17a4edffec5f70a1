import { z } from 'zod';
import { onFirstUse } from '../common/on-first-use.ts';

/** The longest filter expression the server compiles: one of the bounds that keep an evaluation small. */
export const FILTER_MAX_CHARS = 2000;

/** The `filter` query parameter of the page, the search stream, the download and the live tail. */
export const filterExpression = z
  .string()
  .max(FILTER_MAX_CHARS)
  .optional()
  .meta({
    description:
      'A CEL expression a record must make true, over `key`, `value` (parsed JSON when it parses, else the ' +
      'text), `headers` (map), `partition`, `offset`, `timestamp`, `topic`, `keySchemaId`, `valueSchemaId` ' +
      'and `size`; e.g. `value.status == "FAILED" && value.amount > 100`. An invalid one is a 400 naming the ' +
      'position; a record the expression fails on counts as not matching (see `filterFailures`).',
  });

/** How many records the filter failed on (and so left out), and the first failure's message. */
export const FilterFailures = onFirstUse(() =>
  z.object({ count: z.number().int(), message: z.string() }).meta({ id: 'FilterFailures' }),
);
export type FilterFailures = z.infer<typeof FilterFailures>;
