import { z } from 'zod';

/**
 * An optional integer query value. A value that is not an integer counts as absent, as in AKHQ, whose UI
 * sends `partition=All` (docs/api-conventions.md#query-parameters-and-bodies).
 */
export const lenientInt = z.preprocess((value) => {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}, z.number().int().optional());

/** The names in repeated parameters (`topics=a&topics=b`) or one comma-joined value (`topics=a,b`). */
export const splitQueryList = (value: unknown): string[] =>
  value === undefined
    ? []
    : [value]
        .flat()
        .flatMap((item) => String(item).split(','))
        .map((item) => item.trim())
        .filter(Boolean);

/** A list given as repeated parameters (`topics=a&topics=b`) or one comma-joined value (`topics=a,b`). */
export const queryList = z.preprocess(splitQueryList, z.array(z.string()));

/** An ISO-8601 instant with `Z` or an offset, as the UI sends (`2024-05-01T12:00:00.000+02:00`). */
export const isoInstant = z.iso.datetime({
  offset: true,
  message: 'must be an ISO-8601 date-time with offset',
});
