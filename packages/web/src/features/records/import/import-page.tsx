import { type ImportResult, ImportResult as ImportResultSchema } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { apiPath } from '../../../api/base-path';
import type { ApiError } from '../../../api/errors';
import { apiRequest } from '../../../api/http';
import { useClusterScope } from '../../../auth/cluster-context';
import { FormField, fieldProps } from '../../../components/form/form-field';
import { Page } from '../../../components/layout/page';
import { useToasts } from '../../../components/toasts/toast-context';
import { topicKeys } from '../../topics/api';
import { topicPaths } from '../../topics/topic-paths';
import { type ImportMedia, lineErrors, MEDIA_LABELS, mediaOf } from './import-form';
import './import.css';

type Options = { media: ImportMedia; keepPartitions: boolean; onError: 'stop' | 'skip' };
type Run = Options & { file: File; dryRun: boolean };

/**
 * Import a file into a topic (docs/behaviour.md#produce-and-copy): the console's own JSON download, JSON lines or
 * CSV. "Check" reads the whole file and writes nothing; "Import" writes it, and with "Write nothing" one
 * bad line refuses it all. Bad lines are listed with their numbers either way.
 */
export function ImportPage() {
  const { topicId = '' } = useParams();
  const { cluster } = useClusterScope();
  const toasts = useToasts();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<Options>({
    media: 'application/json',
    keepPartitions: true,
    onError: 'stop',
  });
  const [missingFile, setMissingFile] = useState(false);
  const run = useMutation({
    // A refusal's bad lines are shown here, not toasted.
    meta: { silent: true },
    mutationFn: ({ file, dryRun, ...o }: Run) =>
      apiRequest(apiPath(cluster.id, 'topic', topicId, 'data', 'import'), {
        method: 'POST',
        query: { dryRun, keepPartitions: o.keepPartitions, onError: o.onError },
        upload: { file, type: o.media },
        schema: ImportResultSchema,
      }),
    onSuccess: (result) => {
      if (result.dryRun) return;
      toasts.success(`Imported ${result.written} records into topic '${topicId}'.`);
      return client.invalidateQueries({ queryKey: topicKeys.detail(cluster.id, topicId) });
    },
  });
  const failure = run.error as ApiError | null;
  const bad = lineErrors(failure);
  const start = (dryRun: boolean) => {
    setMissingFile(!file);
    if (file) run.mutate({ file, dryRun, ...options });
  };

  return (
    <Page title={`Import into ${topicId}`}>
      <form
        className="panel form import-form"
        aria-label={`Import into ${topicId}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          start(false);
        }}
      >
        <FormField id="import-file" label="File" error={missingFile ? 'Choose a file' : undefined}>
          <input
            type="file"
            className="input"
            {...fieldProps('import-file', missingFile ? 'Choose a file' : undefined)}
            accept=".json,.jsonl,.ndjson,.csv,application/json,text/csv"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setMissingFile(false);
              run.reset();
              if (chosen) setOptions((o) => ({ ...o, media: mediaOf(chosen.name) }));
            }}
          />
        </FormField>
        <FormField id="import-format" label="Format" error={undefined}>
          <select
            className="select"
            id="import-format"
            value={options.media}
            onChange={(event) => setOptions({ ...options, media: event.target.value as ImportMedia })}
          >
            {Object.entries(MEDIA_LABELS).map(([media, label]) => (
              <option key={media} value={media}>
                {label}
              </option>
            ))}
          </select>
        </FormField>
        <Choices
          id="import-partitions"
          label="Partitions"
          choices={[
            [true, 'The partition each record names'],
            [false, "By key, as Kafka's producer does"],
          ]}
          value={options.keepPartitions}
          onChange={(keepPartitions) => setOptions({ ...options, keepPartitions })}
        />
        <Choices
          id="import-errors"
          label="A bad line"
          choices={[
            ['stop', 'Write nothing'],
            ['skip', 'Skip it, write the rest'],
          ]}
          value={options.onError}
          onChange={(onError) => setOptions({ ...options, onError })}
        />
        <div className="form__actions">
          <button type="button" className="btn" disabled={run.isPending} onClick={() => start(true)}>
            Check
          </button>
          <button type="submit" className="btn btn--primary" disabled={run.isPending}>
            {run.isPending ? 'Reading the file…' : 'Import'}
          </button>
        </div>
      </form>
      <ImportOutcome
        result={run.data}
        failure={failure && bad.length === 0 ? failure.message : undefined}
        bad={run.data?.errors ?? bad}
        topicLink={topicPaths.topic(cluster.id, topicId, 'data')}
      />
    </Page>
  );
}

type ChoicesProps<T> = {
  id: string;
  label: string;
  choices: [T, string][];
  value: T;
  onChange: (value: T) => void;
};

/** A labelled row of radio buttons, laid out as the form's fields. */
function Choices<T extends string | boolean>({ id, label, choices, value, onChange }: ChoicesProps<T>) {
  return (
    <div className="form-field" role="radiogroup" aria-labelledby={id}>
      <span className="form-field__label" id={id}>
        {label}
      </span>
      <div className="form-field__control import-form__choices">
        {choices.map(([choice, text]) => (
          <label key={String(choice)} className="filter-bar__check">
            <input type="radio" name={id} checked={value === choice} onChange={() => onChange(choice)} />
            {text}
          </label>
        ))}
      </div>
    </div>
  );
}

type OutcomeProps = {
  result: ImportResult | undefined;
  failure: string | undefined;
  bad: { line: number; message: string }[];
  topicLink: string;
};

function ImportOutcome({ result, failure, bad, topicLink }: OutcomeProps) {
  if (!result && !failure && bad.length === 0) return null;
  return (
    <section className="panel import-outcome" aria-label="Import outcome" aria-live="polite">
      {failure && <p className="import-outcome__failure">{failure}</p>}
      {result?.dryRun && (
        <p>
          {result.written} records would be written; {result.skipped} bad{' '}
          {result.skipped === 1 ? 'line' : 'lines'}.
        </p>
      )}
      {result && !result.dryRun && (
        <p>
          {result.written} records written, {result.skipped} bad {result.skipped === 1 ? 'line' : 'lines'}{' '}
          skipped. <Link to={topicLink}>See the topic's data</Link>
        </p>
      )}
      {!result && bad.length > 0 && <p>Nothing was written: the file has bad lines.</p>}
      {bad.length > 0 && (
        <table className="table import-outcome__lines" aria-label="Bad lines">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {bad.map((e) => (
              <tr key={e.line}>
                <td className="import-outcome__line">{e.line.toLocaleString()}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
