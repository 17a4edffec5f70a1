import { useState } from 'react';
import { CodeEditor } from '../../../components/code-editor/code-editor';
import { FormField, fieldProps } from '../../../components/form/form-field';
import type { ProduceValues } from './produce-form';

type Props = {
  values: ProduceValues;
  error: string | undefined;
  /** The records come from a file: the field is not used. */
  fromFile: boolean;
  onChange: (value: string) => void;
};

/** Why the text is not JSON, with the parser's position, or undefined when it is. */
export function jsonError(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return `Not valid JSON: ${(error as Error).message}`;
  }
}

/**
 * The value: a JSON editor (highlighting, Format, Validate) for a json value, a text area for a string
 * value or multi message lines.
 */
export function ProduceValueField({ values, error, fromFile, onChange }: Props) {
  const [verdict, setVerdict] = useState<string | null>(null);
  const disabled = values.tombstone || fromFile;
  const jsonEditor = values.valueType === 'json' && !values.multiMessage;
  const placeholder = fromFile
    ? 'The records come from the file'
    : values.multiMessage
      ? `key1${values.keyValueSeparator}value1\nkey2${values.keyValueSeparator}value2`
      : '';
  if (!jsonEditor)
    return (
      <FormField id="produce-value" label="Value" error={error}>
        <textarea
          className="input produce-form__value"
          {...fieldProps('produce-value', error)}
          disabled={disabled}
          placeholder={placeholder}
          rows={8}
          value={values.value}
          onChange={(event) => onChange(event.target.value)}
        />
      </FormField>
    );
  const check = () => setVerdict(jsonError(values.value) ?? 'Valid JSON');
  const format = () => {
    const problem = jsonError(values.value);
    if (problem) return setVerdict(problem);
    onChange(JSON.stringify(JSON.parse(values.value), null, 2));
    setVerdict(null);
  };
  const described = [error ? 'produce-value-error' : '', verdict ? 'produce-value-verdict' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <FormField id="produce-value" label="Value" error={error}>
      <div className="produce-json" id="produce-value">
        <div className="produce-json__tools">
          <button type="button" className="btn" disabled={disabled} onClick={format}>
            Format JSON
          </button>
          <button type="button" className="btn" disabled={disabled} onClick={check}>
            Validate JSON
          </button>
          <span id="produce-value-verdict" className="produce-json__verdict" role="status">
            {verdict}
          </span>
        </div>
        <CodeEditor
          label="Value"
          language="json"
          height="200px"
          readOnly={disabled}
          placeholder={placeholder}
          describedBy={described || undefined}
          invalid={error !== undefined}
          value={values.value}
          onChange={(value) => {
            setVerdict(null);
            onChange(value);
          }}
        />
      </div>
    </FormField>
  );
}
