import { useState } from 'react';
import { ApiError } from '../../../api/errors';
import { fieldError, fieldErrors } from '../../../lib/form-errors';
import { type ProduceField, ProduceForm, type ProduceValues, serverFieldErrors } from './produce-form';

type Errors = Partial<Record<ProduceField, string>>;

/**
 * The produce form's state: a field is checked on change, the whole form on submit (docs/behaviour.md#forms).
 */
export function useProduceForm(initial: ProduceValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});

  const set = <F extends ProduceField>(field: F, value: ProduceValues[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    const touched: ProduceField[] =
      field === 'multiMessage' || field === 'keyValueSeparator' ? [field, 'value'] : [field];
    setErrors((current) => {
      const updated = { ...current };
      for (const f of touched) updated[f] = fieldError(ProduceForm, next, f);
      return updated;
    });
  };

  const validate = (): boolean => {
    const result = ProduceForm.safeParse(values);
    if (!result.success) setErrors(fieldErrors<ProduceField>(result.error));
    return result.success;
  };

  /** A refusal naming fields shows under them too. */
  const fromServer = (error: unknown) => {
    if (error instanceof ApiError)
      setErrors((current) => ({ ...current, ...serverFieldErrors(error.details.fields) }));
  };

  const invalid = Object.values(errors).some((message) => message !== undefined);
  return { values, errors, set, validate, fromServer, invalid };
}
