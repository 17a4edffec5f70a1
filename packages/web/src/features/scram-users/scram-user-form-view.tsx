import { ScramMechanism, type ScramUserUpsert } from '@console/contract';
import { FormField, fieldProps } from '../../components/form/form-field';
import { useForm } from '../../lib/use-form';
import { ScramUserForm, type ScramUserValues, toScramUserUpsert } from './scram-user-form';

type Props = {
  initial: ScramUserValues;
  busy: boolean;
  onSubmit: (change: ScramUserUpsert) => void;
};

/**
 * Creates a credential or replaces one (a new password, other iterations). Mount it with a new `key` to
 * start again: the passwords are never kept once sent, nor ever read back.
 */
export function ScramUserFormView({ initial, busy, onSubmit }: Props) {
  const form = useForm(ScramUserForm, initial);
  const { values, errors } = form;
  const text = (field: 'user' | 'iterations' | 'password' | 'confirm', label: string, type: string) => (
    <FormField id={`scram-${field}`} label={label} error={errors[field]}>
      <input
        className="input"
        type={type}
        {...fieldProps(`scram-${field}`, errors[field])}
        {...(type === 'password' ? { autoComplete: 'new-password' } : {})}
        {...(type === 'number' ? { min: 4096, max: 16384, step: 1 } : {})}
        value={values[field]}
        onChange={(event) => form.set(field, event.target.value)}
      />
    </FormField>
  );
  return (
    <form
      className="panel form"
      aria-label="Create or change a SCRAM credential"
      noValidate
      onSubmit={form.submit((data) => onSubmit(toScramUserUpsert(data)))}
    >
      {text('user', 'User', 'text')}
      <FormField id="scram-mechanism" label="Mechanism" error={errors.mechanism}>
        <select
          className="select"
          {...fieldProps('scram-mechanism', errors.mechanism)}
          value={values.mechanism}
          onChange={(event) => form.set('mechanism', event.target.value)}
        >
          {ScramMechanism.options.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </FormField>
      {text('iterations', 'Iterations', 'number')}
      {text('password', 'Password', 'password')}
      {text('confirm', 'Confirm password', 'password')}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy || form.invalid}>
          Save credential
        </button>
      </div>
    </form>
  );
}
