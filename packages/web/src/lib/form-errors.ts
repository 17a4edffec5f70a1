import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per top-level field of a failed parse. */
export function fieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as K] = issue.message;
  }
  return errors;
}

/**
 * Validates the whole form but reports one field: what a change to that field shows
 * (docs/behaviour.md#forms).
 */
export function fieldError<K extends string>(
  schema: z.ZodType,
  values: unknown,
  field: K,
): string | undefined {
  const result = schema.safeParse(values);
  return result.success ? undefined : fieldErrors<K>(result.error)[field];
}
