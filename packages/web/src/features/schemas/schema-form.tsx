import { CompatibilityLevel, SchemaType } from '@console/contract';
import { useState } from 'react';
import { FormField, fieldProps } from '../../components/form/form-field';

export type SchemaFormValues = {
  subject: string;
  schemaType: SchemaType;
  compatibilityLevel: CompatibilityLevel | '';
  schema: string;
};

type Props = {
  initial: SchemaFormValues;
  /** On the details page the subject and type are the subject's own. */
  editSubject: boolean;
  disabled: boolean;
  busy: boolean;
  submitLabel: string;
  onSubmit: (values: SchemaFormValues) => void;
};

const errorsOf = (v: SchemaFormValues, editSubject: boolean) => ({
  subject: editSubject && !v.subject.trim() ? 'Subject is required' : undefined,
  schema: !v.schema.trim() ? 'Schema is required' : undefined,
});

/** Subject, schema type, compatibility level and the schema text (spec part 2 §2 Schema registry). */
export function SchemaForm({ initial, editSubject, disabled, busy, submitLabel, onSubmit }: Props) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const errors = errorsOf(values, editSubject);
  const shown = touched ? errors : { subject: undefined, schema: undefined };
  const set = <K extends keyof SchemaFormValues>(key: K, value: SchemaFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  return (
    <form
      className="form schema-form"
      aria-label="Schema"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!errors.subject && !errors.schema) onSubmit(values);
      }}
    >
      {editSubject && (
        <FormField id="schema-subject" label="Subject" error={shown.subject}>
          <input
            className="input"
            {...fieldProps('schema-subject', shown.subject)}
            value={values.subject}
            onChange={(event) => set('subject', event.target.value)}
          />
        </FormField>
      )}
      <FormField id="schema-type" label="Schema Type" error={undefined}>
        <select
          className="select"
          id="schema-type"
          value={values.schemaType}
          disabled={!editSubject || disabled}
          onChange={(event) => set('schemaType', event.target.value as SchemaType)}
        >
          {SchemaType.options.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="schema-compatibility" label="Compatibility Level" error={undefined}>
        <select
          className="select"
          id="schema-compatibility"
          value={values.compatibilityLevel}
          disabled={disabled}
          onChange={(event) => set('compatibilityLevel', event.target.value as CompatibilityLevel | '')}
        >
          {initial.compatibilityLevel === '' && <option value="">(registry default)</option>}
          {CompatibilityLevel.options.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="schema-text" label="Schema" error={shown.schema}>
        <textarea
          className="input schema-form__text"
          {...fieldProps('schema-text', shown.schema)}
          rows={14}
          spellCheck={false}
          disabled={disabled}
          value={values.schema}
          onChange={(event) => set('schema', event.target.value)}
        />
      </FormField>
      {!disabled && (
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      )}
    </form>
  );
}
