import { CompatibilityLevel, type SchemaCompatibility, SchemaType } from '@console/contract';
import { useState } from 'react';
import { CodeEditor } from '../../components/code-editor/code-editor';
import { FormField, fieldProps } from '../../components/form/form-field';
import { prettySchema, schemaTextError } from './schema-text';

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
  /** Asks the registry whether the schema is compatible with the latest version (details page only). */
  onTest?: (values: SchemaFormValues) => Promise<SchemaCompatibility>;
};

const errorsOf = (v: SchemaFormValues, editSubject: boolean) => ({
  subject: editSubject && !v.subject.trim() ? 'Subject is required' : undefined,
  schema: schemaTextError(v.schemaType, v.schema),
});

/** Subject, schema type, compatibility level and the schema text (docs/behaviour.md#schemas). */
export function SchemaForm({ initial, editSubject, disabled, busy, submitLabel, onSubmit, onTest }: Props) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [verdict, setVerdict] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const errors = errorsOf(values, editSubject);
  const shown = touched ? errors : { subject: undefined, schema: undefined };
  const set = <K extends keyof SchemaFormValues>(key: K, value: SchemaFormValues[K]) => {
    setVerdict(null);
    setValues((v) => ({ ...v, [key]: value }));
  };
  const pretty = () => {
    setTouched(true);
    const text = prettySchema(values.schemaType, values.schema);
    if (text !== undefined) set('schema', text);
  };
  const test = async () => {
    setTouched(true);
    if (!onTest || errors.schema) return;
    setTesting(true);
    try {
      const answer = await onTest(values);
      setVerdict(
        answer.isCompatible
          ? { ok: true, text: 'Compatible with the latest version.' }
          : {
              ok: false,
              text: `Not compatible with the latest version${answer.messages.length ? `: ${answer.messages.join('; ')}` : '.'}`,
            },
      );
    } catch {
      // The refusal (an invalid schema, an unreachable registry) is toasted like every error.
      setVerdict(null);
    } finally {
      setTesting(false);
    }
  };
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
        <div className="schema-editor" id="schema-text">
          {!disabled && values.schemaType !== 'PROTOBUF' && (
            <div className="schema-editor__tools">
              <button type="button" className="btn" onClick={pretty}>
                Pretty-print
              </button>
            </div>
          )}
          <CodeEditor
            label="Schema"
            height="320px"
            {...(values.schemaType === 'PROTOBUF' ? {} : { language: 'json' as const })}
            readOnly={disabled}
            invalid={shown.schema !== undefined}
            {...(shown.schema ? { describedBy: 'schema-text-error' } : {})}
            value={values.schema}
            onChange={(text) => set('schema', text)}
          />
        </div>
      </FormField>
      {!disabled && (
        <div className="form__actions">
          {onTest && (
            <button type="button" className="btn" disabled={testing} onClick={() => void test()}>
              Test compatibility
            </button>
          )}
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {submitLabel}
          </button>
          <span
            className={`schema-form__verdict${verdict && !verdict.ok ? ' schema-form__verdict--bad' : ''}`}
            role="status"
          >
            {verdict?.text}
          </span>
        </div>
      )}
    </form>
  );
}
