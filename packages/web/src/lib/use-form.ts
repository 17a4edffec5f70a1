import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, fieldError, fieldErrors } from './form-errors';

/**
 * docs/behaviour.md#forms: the whole form is validated on submit and one field on each change; messages show
 * under the fields and submitting is disabled while any is shown.
 */
export function useForm<S extends z.ZodType<unknown, Record<string, string>>>(
  schema: S,
  initial: z.input<S>,
) {
  type Field = keyof z.input<S> & string;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const set = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((current) => ({ ...current, [field]: fieldError(schema, next, field) }));
  };

  const submit = (onValid: (data: z.output<S>) => void) => (event: FormEvent) => {
    event.preventDefault();
    const result = schema.safeParse(values);
    if (result.success) onValid(result.data);
    else setErrors(fieldErrors<Field>(result.error));
  };

  const invalid = Object.values(errors).some((message) => message !== undefined);
  return { values, errors, set, submit, invalid };
}
