import type { GeneratedPreview } from '@console/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiError } from '../../../api/errors';
import { CodeEditor } from '../../../components/code-editor/code-editor';
import { FormField, fieldProps } from '../../../components/form/form-field';
import { topicPaths } from '../../topics/topic-paths';
import { keySubjects, valueSubjects } from '../produce/produce-form';
import { useGenerate, useGeneratePreview } from './generate-api';
import {
  type GenerateErrors,
  type GenerateValues,
  serverErrors,
  toGenerateBody,
  validateGenerate,
} from './generate-form';

type Props = { cluster: string; topic: string; subjects: string[]; initial: GenerateValues };

/** The form: source, key, how many, seed; Preview and Generate (docs/behaviour.md#produce-and-copy). */
export function GenerateFormView({ cluster, topic, subjects, initial }: Props) {
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState<GenerateErrors>({});
  const preview = useGeneratePreview(cluster, topic);
  const generate = useGenerate(cluster, topic);
  const latest = generate.isIdle ? preview : generate;
  const server = serverErrors(latest.error as ApiError | null);
  const errors = { ...server.fields, ...checked };
  const busy = preview.isPending || generate.isPending;
  const set = <K extends keyof GenerateValues>(name: K, value: GenerateValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setChecked((c) => ({ ...c, [name]: undefined }));
    preview.reset();
    generate.reset();
  };
  const run = (write: boolean) => {
    const problems = validateGenerate(values);
    setChecked(problems);
    if (Object.keys(problems).length) return;
    preview.reset();
    generate.reset();
    (write ? generate : preview).mutate(toGenerateBody(values));
  };
  const withSubjects = subjects.length > 0;

  return (
    <>
      <form
        className="panel form generate-form"
        aria-label={`Generate into ${topic}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          run(true);
        }}
      >
        {withSubjects && (
          <Choices
            name="generate-source"
            label="Values from"
            value={values.source}
            options={[
              ['subject', 'A registry subject'],
              ['template', 'A JSON template'],
            ]}
            onChange={(v) => set('source', v)}
          />
        )}
        {values.source === 'subject' ? (
          <SubjectSelect
            id="generate-subject"
            label="Value subject"
            error={errors.subject}
            subjects={valueSubjects(subjects)}
            value={values.subject}
            onChange={(v) => set('subject', v)}
          />
        ) : (
          <FormField id="generate-template" label="Value template" error={errors.template}>
            <div id="generate-template" className="generate-form__template">
              <CodeEditor
                label="Value template"
                language="json"
                height="220px"
                value={values.template}
                onChange={(v) => set('template', v)}
                describedBy={`generate-template-help${errors.template ? ' generate-template-error' : ''}`}
                invalid={errors.template !== undefined}
              />
              <p className="generate-form__help" id="generate-template-help">
                Strings may hold <code>{'{{faker.<module>.<method>}}'}</code> with one JSON argument, e.g.{' '}
                <code>{'{{faker.number.int({"min":1,"max":9})}}'}</code>, and <code>{'{{index}}'}</code>,{' '}
                <code>{'{{now}}'}</code>. A string that is one expression keeps its type.
              </p>
            </div>
          </FormField>
        )}
        {withSubjects && (
          <SubjectSelect
            id="generate-key-subject"
            label="Key subject"
            error={errors.keySubject}
            subjects={keySubjects(subjects)}
            value={values.keySubject}
            onChange={(v) => set('keySubject', v)}
          />
        )}
        <FormField id="generate-key" label="Key template" error={errors.keyTemplate}>
          <input
            className="input"
            {...fieldProps('generate-key', errors.keyTemplate)}
            disabled={values.keySubject !== ''}
            placeholder={values.keySubject ? 'The key subject makes the keys' : 'None: e.g. user-{{index}}'}
            value={values.keyTemplate}
            onChange={(event) => set('keyTemplate', event.target.value)}
          />
        </FormField>
        <Choices
          name="generate-amount"
          label="How many"
          value={values.amount}
          options={[
            ['count', 'A number of records'],
            ['rate', 'A rate for a duration'],
          ]}
          onChange={(v) => set('amount', v)}
        />
        {values.amount === 'count' ? (
          <NumberField
            id="generate-count"
            label="Records"
            value={values.count}
            error={errors.count}
            onChange={(v) => set('count', v)}
          />
        ) : (
          <>
            <NumberField
              id="generate-rate"
              label="Records a second"
              value={values.ratePerSecond}
              error={errors.ratePerSecond}
              onChange={(v) => set('ratePerSecond', v)}
            />
            <NumberField
              id="generate-duration"
              label="For seconds"
              value={values.durationSeconds}
              error={errors.durationSeconds}
              onChange={(v) => set('durationSeconds', v)}
            />
          </>
        )}
        <NumberField
          id="generate-seed"
          label="Seed"
          value={values.seed}
          error={errors.seed}
          placeholder="Optional: the same seed repeats the values"
          onChange={(v) => set('seed', v)}
        />
        <div className="form__actions">
          <button type="button" className="btn" disabled={busy} onClick={() => run(false)}>
            {preview.isPending ? 'Generating…' : 'Preview'}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {generate.isPending ? 'Writing…' : 'Generate'}
          </button>
        </div>
      </form>
      <Outcome
        failure={server.other}
        preview={preview.data?.preview}
        written={generate.data?.written}
        stopped={generate.data?.stopped === true}
        topicLink={topicPaths.topic(cluster, topic, 'data')}
      />
    </>
  );
}

type OutcomeProps = {
  failure: string | undefined;
  preview: GeneratedPreview[] | undefined;
  written: number | undefined;
  stopped: boolean;
  topicLink: string;
};

function Outcome({ failure, preview, written, stopped, topicLink }: OutcomeProps) {
  if (!failure && !preview && written === undefined) return null;
  return (
    <section className="panel generate-outcome" aria-label="Generate outcome" aria-live="polite">
      {failure && <p className="generate-outcome__failure">{failure}</p>}
      {written !== undefined && (
        <p>
          {written.toLocaleString()} records written{stopped ? ' before the page was left' : ''}.{' '}
          <Link to={topicLink}>See the topic's data</Link>
        </p>
      )}
      {preview && (
        <>
          <h2 className="generate-outcome__title">Preview: nothing written</h2>
          <ol className="generate-outcome__records">
            {preview.map((record, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a preview is replaced whole, never reordered
              <li key={i} className="generate-outcome__record">
                {record.key !== null && (
                  <p className="generate-outcome__key">
                    <span className="generate-outcome__label">Key</span> <code>{record.key}</code>
                  </p>
                )}
                <pre className="generate-outcome__value">{pretty(record.value)}</pre>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** JSON indented for reading; any other text as it is. */
function pretty(text: string | null): string {
  if (text === null) return 'null';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

type ChoicesProps<T extends string> = {
  name: string;
  label: string;
  value: T;
  options: [T, string][];
  onChange: (value: T) => void;
};

function Choices<T extends string>({ name, label, value, options, onChange }: ChoicesProps<T>) {
  return (
    <div className="form-field" role="radiogroup" aria-labelledby={`${name}-label`}>
      <span className="form-field__label" id={`${name}-label`}>
        {label}
      </span>
      <div className="form-field__control generate-form__choices">
        {options.map(([option, text]) => (
          <label key={option} className="generate-form__choice">
            <input type="radio" name={name} checked={value === option} onChange={() => onChange(option)} />
            {text}
          </label>
        ))}
      </div>
    </div>
  );
}

type FieldProps = {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  placeholder?: string;
  onChange: (value: string) => void;
};

function NumberField({ id, label, value, error, placeholder, onChange }: FieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      <input
        className="input"
        inputMode="decimal"
        {...fieldProps(id, error)}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

type SubjectProps = Omit<FieldProps, 'placeholder'> & { subjects: string[] };

function SubjectSelect({ id, label, error, subjects, value, onChange }: SubjectProps) {
  return (
    <FormField id={id} label={label} error={error}>
      <select
        className="select"
        {...fieldProps(id, error)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{label === 'Key subject' ? 'None' : 'Choose item...'}</option>
        {subjects.map((subject) => (
          <option key={subject} value={subject}>
            {subject}
          </option>
        ))}
      </select>
    </FormField>
  );
}
