import { FormField, fieldProps } from '../../../components/form/form-field';
import { MAX_BATCH, MAX_FILE_BYTES, valuesOfFile } from './produce-batch';

/** A file read for "produce from a file": its values, or why it cannot be used. */
export type ChosenFile = { name: string } & ({ values: string[] } | { error: string });

type Props = {
  /** Set when the file's values do not fit the value type. */
  valuesError: string | undefined;
  copies: string;
  copiesError: string | undefined;
  file: ChosenFile | null;
  disabled: boolean;
  onCopies: (copies: string) => void;
  onFile: (file: ChosenFile | null) => void;
};

async function readChosen(file: File): Promise<ChosenFile> {
  if (file.size > MAX_FILE_BYTES)
    return { name: file.name, error: `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB` };
  return { name: file.name, ...valuesOfFile(await file.text()) };
}

/** "Produce N copies" with a `{{i}}` counter, and "produce from a file". */
export function ProduceBatchFields({
  valuesError,
  copies,
  copiesError,
  file,
  disabled,
  onCopies,
  onFile,
}: Props) {
  const fileError = file !== null && 'error' in file ? file.error : valuesError;
  return (
    <>
      <FormField id="produce-copies" label="Copies" error={copiesError}>
        <input
          className="input produce-form__copies"
          {...fieldProps('produce-copies', copiesError)}
          aria-describedby={copiesError ? 'produce-copies-error produce-copies-help' : 'produce-copies-help'}
          inputMode="numeric"
          disabled={disabled || file !== null}
          value={copies}
          onChange={(event) => onCopies(event.target.value)}
        />
        <p id="produce-copies-help" className="produce-form__help">
          Up to {MAX_BATCH.toLocaleString('en')}. <code>{'{{i}}'}</code> in the key and the value becomes 1,
          2, 3… in each copy (a plain replace, nothing else is interpreted).
        </p>
      </FormField>
      <FormField id="produce-file" label="From a file" error={fileError}>
        <input
          key={file?.name ?? 'none'}
          type="file"
          className="produce-form__file"
          {...fieldProps('produce-file', fileError)}
          aria-describedby={fileError ? 'produce-file-error produce-file-help' : 'produce-file-help'}
          accept=".txt,.json,.jsonl,.ndjson,.csv,text/plain,application/json"
          disabled={disabled}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (!chosen) return onFile(null);
            void readChosen(chosen).then(onFile);
          }}
        />
        <p id="produce-file-help" className="produce-form__help">
          One value per line, or a JSON array; at most {MAX_BATCH.toLocaleString('en')} records. The key's{' '}
          <code>{'{{i}}'}</code> counts them.
          {file !== null && 'values' in file && (
            <strong>
              {' '}
              {file.values.length.toLocaleString('en')} records read from {file.name}.
            </strong>
          )}
        </p>
        {file !== null && (
          <button type="button" className="btn" onClick={() => onFile(null)}>
            Forget the file
          </button>
        )}
      </FormField>
    </>
  );
}
