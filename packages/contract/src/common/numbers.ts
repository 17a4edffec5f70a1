import { z } from 'zod';

/**
 * The decimal texts `schema` takes, as a pattern that admits no text the number schema would refuse
 * (the document must not allow what the server rejects): no sign unless negatives are allowed, no zero
 * below 1, and one digit fewer than the maximum has.
 */
function textPattern(schema: z.ZodNumber): RegExp {
  const min = schema.minValue ?? Number.MIN_SAFE_INTEGER;
  const max = schema.maxValue ?? Number.MAX_SAFE_INTEGER;
  const digits = String(Math.trunc(Math.abs(max))).length - 1;
  if (min >= 1) return new RegExp(`^0*[1-9]\\d{0,${digits - 1}}$`);
  if (min >= 0) return new RegExp(`^\\d{1,${digits}}$`);
  return new RegExp(`^-?\\d{1,${digits}}$`);
}

/**
 * An integer that may also come as its decimal text: AKHQ's client sends `"partition":"0"` in the
 * offsets and copy bodies (Micronaut converts it). The document says both forms; the value is a number.
 */
export const intOrText = (schema: z.ZodNumber) =>
  z.union(
    [schema, z.string().regex(textPattern(schema), 'must be an integer').transform(Number).pipe(schema)],
    { error: 'must be an integer (a number or its decimal text)' },
  );
