import type { ConnectDefinition, ConnectorOffset } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useCan } from '../../../auth/cluster-context';
import { CodeEditor } from '../../../components/code-editor/code-editor';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { DataTable } from '../../../components/data-table/data-table';
import type { AnyColumnDef } from '../../../components/data-table/types';
import { FormField } from '../../../components/form/form-field';
import { connectorOffsetsQuery, useChangeOffsets } from '../api';
import { parseOffsets, type SinkOffsetRow, sinkRows } from './connector-offsets';

const sink = createColumnHelper<SinkOffsetRow>();
const sinkColumns: AnyColumnDef<SinkOffsetRow>[] = [
  sink.accessor('topic', { header: 'Topic' }),
  sink.accessor('partition', { header: 'Partition', meta: { shrink: true } }),
  sink.accessor('offset', { header: 'Offset', cell: ({ getValue }) => getValue() ?? '—' }),
];
const source = createColumnHelper<ConnectorOffset>();
const json = (value: unknown) => <code className="connect-offset">{JSON.stringify(value)}</code>;
const sourceColumns: AnyColumnDef<ConnectorOffset>[] = [
  source.accessor('partition', { header: 'Partition', cell: ({ getValue }) => json(getValue()) }),
  source.accessor('offset', { header: 'Offset', cell: ({ getValue }) => json(getValue()) }),
];

type Props = { cluster: string; connect: string; connector: ConnectDefinition };

/**
 * A connector's offsets (docs/behaviour.md#connector-offsets-and-stop): a sink's as topic partitions, a
 * source's as its plugin's JSON objects. Editing and resetting need the connector STOPPED, as Connect does.
 */
export function OffsetsTab({ cluster, connect, connector }: Props) {
  const { name } = connector;
  const offsets = useQuery(connectorOffsetsQuery(cluster, connect, name));
  const change = useChangeOffsets(cluster, connect, name);
  const canAlter = useCan('CONNECTOR', 'UPDATE_OFFSET');
  const canReset = useCan('CONNECTOR', 'DELETE_OFFSET');
  const [text, setText] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const stopped = connector.state === 'STOPPED';
  const list = offsets.data?.offsets ?? [];
  const parsed = text === null ? null : parseOffsets(text);
  const problem = parsed && 'error' in parsed ? parsed.error : undefined;

  return (
    <div className="connect-offsets">
      {!stopped && (canAlter || canReset) && (
        <p className="connect-offsets__hint" role="note">
          Offsets can be edited or reset only while the connector is STOPPED: stop it first.
        </p>
      )}
      <div className="connect-offsets__actions">
        {canAlter && (
          <button
            type="button"
            className="btn"
            disabled={!stopped || text !== null}
            onClick={() => setText(JSON.stringify(list, null, 2))}
          >
            Edit offsets
          </button>
        )}
        {canReset && (
          <button
            type="button"
            className="btn btn--danger"
            disabled={!stopped || list.length === 0}
            onClick={() => setConfirmReset(true)}
          >
            Reset offsets
          </button>
        )}
      </div>
      {text !== null && (
        <form
          className="form connect-offsets__editor"
          aria-label="Edit offsets"
          onSubmit={(event) => {
            event.preventDefault();
            if (parsed && 'offsets' in parsed)
              change.mutate(parsed.offsets, { onSuccess: () => setText(null) });
          }}
        >
          <FormField id="connector-offsets" label="Offsets (JSON)" error={problem}>
            <div id="connector-offsets" className="connect-json">
              <CodeEditor
                label="Offsets (JSON)"
                language="json"
                height="240px"
                value={text}
                onChange={setText}
                invalid={problem !== undefined}
                describedBy={problem ? 'connector-offsets-error' : undefined}
              />
            </div>
          </FormField>
          <p className="muted">
            Each entry is one partition as Connect keeps it; an offset of null resets that partition.
          </p>
          <div className="form__actions">
            <button
              type="submit"
              className="btn btn--primary"
              disabled={problem !== undefined || change.isPending || !stopped}
            >
              Apply offsets
            </button>
            <button type="button" className="btn" onClick={() => setText(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {connector.type === 'sink' ? (
        <DataTable
          label="Offsets"
          data={offsets.data ? sinkRows(list) : undefined}
          columns={sinkColumns}
          getRowId={(r) => `${r.topic}-${r.partition}`}
          rowName={(r) => `partition ${r.topic}-${r.partition}`}
          loading={offsets.isPending}
          failed={offsets.isError}
          emptyText="No offsets committed"
        />
      ) : (
        <DataTable
          label="Offsets"
          data={offsets.data ? list : undefined}
          columns={sourceColumns}
          getRowId={(o) => JSON.stringify(o.partition)}
          rowName={(o) => `partition ${JSON.stringify(o.partition)}`}
          loading={offsets.isPending}
          failed={offsets.isError}
          emptyText="No offsets committed"
        />
      )}
      <ConfirmDialog
        open={confirmReset}
        title="Reset offsets"
        message={`Do you want to reset every offset of ${name}? On resume it starts over from the beginning.`}
        confirmLabel="Reset"
        danger
        busy={change.isPending}
        onConfirm={() => change.mutate(null, { onSettled: () => setConfirmReset(false) })}
        onCancel={() => setConfirmReset(false)}
      />
    </div>
  );
}
