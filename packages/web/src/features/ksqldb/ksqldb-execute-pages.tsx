import type { KsqlDbQueryResult } from '@console/contract';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useClusterScope } from '../../auth/cluster-context';
import { CodeEditor } from '../../components/code-editor/code-editor';
import { DataTable } from '../../components/data-table/data-table';
import { FormField } from '../../components/form/form-field';
import { Page } from '../../components/layout/page';
import { useToasts } from '../../components/toasts/toast-context';
import { useRunQuery, useRunStatement } from './api';
import { parseProperties } from './parse-properties';
import './ksqldb.css';

type Row = Record<string, string>;

/** The query result as rows keyed by column name; each value row is a JSON array. */
function toRows(result: KsqlDbQueryResult | undefined): { columns: string[]; rows: Row[] } | undefined {
  if (!result) return undefined;
  const columns = result.columnNames ?? [];
  const rows = (result.columnValues ?? []).map((text, i) => {
    const values = JSON.parse(text) as unknown[];
    const row: Row = { __row: String(i) };
    columns.forEach((c, j) => {
      const v = values[j];
      row[c] = typeof v === 'string' ? v : JSON.stringify(v);
    });
    return row;
  });
  return { columns, rows };
}

/** The SQL editor (200 px), what the screen adds under it, and Execute: disabled while the SQL is empty. */
function SqlForm(props: {
  label: string;
  placeholder: string;
  busy: boolean;
  onExecute: (sql: string) => void;
  children?: ReactNode;
}) {
  const [sql, setSql] = useState('');
  return (
    <form
      className="form"
      aria-label={props.label}
      onSubmit={(event) => {
        event.preventDefault();
        if (sql.trim()) props.onExecute(sql);
      }}
    >
      <FormField id="ksql-sql" label="SQL" error={undefined}>
        <CodeEditor
          label="SQL"
          language="sql"
          height="200px"
          placeholder={props.placeholder}
          value={sql}
          onChange={setSql}
        />
      </FormField>
      {props.children}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={props.busy || !sql.trim()}>
          Execute
        </button>
      </div>
    </form>
  );
}

/** Execute queries (docs/behaviour.md#ksqldb): SQL and properties editors, Execute, the result table. */
export function KsqlDbQueryPage() {
  const { cluster } = useClusterScope();
  const { ksqlDBId = '' } = useParams();
  const toasts = useToasts();
  const run = useRunQuery(cluster.id, ksqlDBId);
  const [properties, setProperties] = useState('');
  const result = toRows(run.data);
  return (
    <Page title={`KsqlDB: ${ksqlDBId}`}>
      <SqlForm
        label="Execute query"
        placeholder="SELECT * FROM my_stream EMIT CHANGES LIMIT 5;"
        busy={run.isPending}
        onExecute={(sql) =>
          run.mutate(
            { sql, properties: parseProperties(properties) },
            { onSuccess: () => toasts.success('Query was executed successfully, see results below.') },
          )
        }
      >
        <FormField id="ksql-properties" label="Properties" error={undefined}>
          <CodeEditor
            label="Properties"
            height="100px"
            placeholder="auto.offset.reset=earliest"
            value={properties}
            onChange={setProperties}
          />
        </FormField>
      </SqlForm>
      {run.data?.truncated && <p role="note">The query stopped at the row cap or the time budget.</p>}
      <DataTable
        label="Result"
        data={result?.rows ?? []}
        columns={(result?.columns ?? []).map((c) => ({ accessorKey: c, header: c }))}
        getRowId={(row) => row.__row ?? ''}
        loading={run.isPending}
        // The wording of the screen this one reproduces (typo kept) until a query ran; after one that
        // returned nothing, say so.
        emptyText={run.data ? '0 rows' : 'Execute a query to se results'}
      />
    </Page>
  );
}

/**
 * Execute statements (docs/behaviour.md#ksqldb): SQL editor and Execute; a success toast, then ksqlDB's own
 * answer.
 */
export function KsqlDbStatementPage() {
  const { cluster } = useClusterScope();
  const { ksqlDBId = '' } = useParams();
  const toasts = useToasts();
  const run = useRunStatement(cluster.id, ksqlDBId);
  return (
    <Page title={`KsqlDB: ${ksqlDBId}`}>
      <SqlForm
        label="Execute statement"
        placeholder="CREATE STREAM my_stream (id VARCHAR) WITH (kafka_topic='my_topic', value_format='JSON');"
        busy={run.isPending}
        onExecute={(sql) =>
          run.mutate({ sql }, { onSuccess: () => toasts.success('Statement was executed successfully') })
        }
      />
      {run.data && (
        <p role="note" className="ksql-answer">
          ksqlDB started query {run.data}
        </p>
      )}
    </Page>
  );
}
