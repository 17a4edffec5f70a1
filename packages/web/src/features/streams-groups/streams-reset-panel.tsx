import type { OffsetPreviewRow, StreamsGroup, StreamsOffsetReset } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { DateTimePicker } from '../../components/date-time-picker/date-time-picker';
import { usePreviewStreamsReset, useResetStreamsOffsets } from './api';

const row = createColumnHelper<OffsetPreviewRow>();
const previewColumns = [
  row.accessor('topic', { header: 'Topic' }),
  row.accessor('partition', { header: 'Partition' }),
  row.accessor('currentOffset', { header: 'Committed', cell: ({ getValue }) => getValue() ?? '–' }),
  row.accessor('newOffset', { header: 'New offset' }),
  row.accessor('lagBefore', { header: 'Lag before', cell: ({ getValue }) => getValue() ?? '–' }),
  row.accessor('lagAfter', { header: 'Lag after' }),
];

type Target = StreamsOffsetReset['to'];

/**
 * The offset reset of a Streams app's input topics: a preview at any time (what the consumer groups'
 * dry run shows), the commit only while the app is stopped, as Kafka requires.
 */
export function StreamsResetPanel({ cluster, group }: { cluster: string; group: StreamsGroup }) {
  const [to, setTo] = useState<Target>('EARLIEST');
  const [at, setAt] = useState<Date | null>(null);
  const [confirming, setConfirming] = useState(false);
  const preview = usePreviewStreamsReset(cluster, group.id);
  const reset = useResetStreamsOffsets(cluster, group.id);
  const inactive = group.members.length === 0 && (group.state === 'EMPTY' || group.state === 'DEAD');
  const body = (): StreamsOffsetReset =>
    to === 'TIMESTAMP' ? { to, timestamp: (at ?? new Date()).toISOString() } : { to };
  return (
    <section aria-labelledby="streams-reset-title" className="streams-reset">
      <h2 id="streams-reset-title">Reset offsets</h2>
      <div className="streams-reset__form">
        <label>
          Move input topics to
          <select value={to} onChange={(e) => setTo(e.target.value as Target)}>
            <option value="EARLIEST">Earliest</option>
            <option value="LATEST">Latest</option>
            <option value="TIMESTAMP">A time</option>
          </select>
        </label>
        {to === 'TIMESTAMP' && <DateTimePicker label="Reset to time" value={at} onChange={setAt} />}
        <button
          type="button"
          className="btn"
          onClick={() => preview.mutate(body())}
          disabled={preview.isPending}
        >
          Preview
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={!inactive}
          title={inactive ? undefined : 'Only while the application is stopped'}
          onClick={() => setConfirming(true)}
        >
          Reset
        </button>
      </div>
      {!inactive && (
        <p className="streams-reset__hint">Stop every instance of the application to reset its offsets.</p>
      )}
      {preview.data && (
        <DataTable
          label="Reset preview"
          data={preview.data}
          columns={previewColumns}
          getRowId={(r) => `${r.topic}#${r.partition}`}
          loading={false}
          failed={false}
          emptyText="No input partitions"
        />
      )}
      <ConfirmDialog
        open={confirming}
        confirmLabel="Reset"
        busy={reset.isPending}
        message={`Move the committed offsets of ${group.id} on its input topics to ${to === 'TIMESTAMP' ? 'the chosen time' : to.toLowerCase()}?`}
        onConfirm={() => reset.mutate(body(), { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
