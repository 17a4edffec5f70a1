import { z } from 'zod';

/**
 * An integer that may also come as its decimal text: AKHQ's client sends `"partition":"0"` in the
 * offsets and copy bodies (Micronaut converts it). The document says both forms; the value is a number.
 */
export const intOrText = (schema: z.ZodNumber) =>
  z.union(
    [
      schema,
      z
        .string()
        .regex(/^\s*-?\d+\s*$/, 'must be an integer')
        .transform(Number)
        .pipe(schema),
    ],
    { error: 'must be an integer (a number or its decimal text)' },
  );
