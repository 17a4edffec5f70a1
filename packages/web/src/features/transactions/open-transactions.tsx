import type { OpenTransaction } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { Badge } from '../../components/badge';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { openTransactionsQuery, useAbortTransaction } from './api';
import { formatDuration } from './duration';

const column = createColumnHelper<OpenTransaction>();
const columns = [
  column.accessor('partition', { header: 'Partition', meta: { align: 'end' as const } }),
  column.accessor((t) => `${t.producerId} / ${t.producerEpoch}`, {
    id: 'producer',
    header: 'Producer id / epoch',
  }),
  column.accessor('startOffset', { header: 'Start offset', meta: { align: 'end' as const } }),
  column.accessor('durationMs', {
    header: 'Open for',
    meta: { align: 'end' as const },
    cell: ({ getValue }) => formatDuration(getValue()),
  }),
  column.accessor((t) => t.transactionalId ?? '—', { id: 'transactionalId', header: 'Transactional id' }),
  column.accessor('hanging', {
    header: 'Coordinator',
    cell: ({ row }) =>
      row.original.hanging ? (
        <Badge tone="danger">Hanging</Badge>
      ) : (
        <Badge tone="info">{row.original.coordinatorState ?? 'Ongoing'}</Badge>
      ),
  }),
];

const MINUTE = 60_000;

const abortColumn = (onAbort: (t: OpenTransaction) => void) =>
  column.display({
    id: 'abort',
    header: 'Action',
    meta: { shrink: true },
    cell: ({ row }) => (
      <button
        type="button"
        className="btn btn--danger"
        aria-label={`Abort the transaction of producer ${row.original.producerId} on partition ${row.original.partition}`}
        onClick={() => onAbort(row.original)}
      >
        Abort
      </button>
    ),
  });

/**
 * The transactions open on a topic's partitions, as kafka-transactions.sh find-hanging reports them: a
 * hanging one (its coordinator no longer has it) blocks read_committed consumers until it is aborted.
 */
export function OpenTransactions() {
  const { cluster } = useClusterScope();
  const [draft, setDraft] = useState({ topic: '', minutes: '0' });
  const [asked, setAsked] = useState({ topic: '', minDurationMs: 0 });
  const open = useQuery(openTransactionsQuery(cluster.id, asked.topic, asked.minDurationMs));
  const canAbort = useCan('TRANSACTION', 'ABORT');
  const abort = useAbortTransaction(cluster.id);
  const [doomed, setDoomed] = useState<OpenTransaction>();
  const shown = useMemo(() => (canAbort ? [...columns, abortColumn(setDoomed)] : columns), [canAbort]);

  return (
    <section aria-labelledby="open-transactions-title">
      <h2 id="open-transactions-title" className="ops-section-title">
        Open and hanging transactions of a topic
      </h2>
      <form
        className="ops-find"
        aria-label="Find open transactions"
        onSubmit={(event) => {
          event.preventDefault();
          setAsked({
            topic: draft.topic.trim(),
            minDurationMs: Math.max(0, Number(draft.minutes) || 0) * MINUTE,
          });
        }}
      >
        <input
          className="input ops-find__topic"
          aria-label="Topic"
          placeholder="Topic"
          value={draft.topic}
          onChange={(event) => setDraft((d) => ({ ...d, topic: event.target.value }))}
        />
        <label className="ops-find__label">
          Open at least (min)
          <input
            className="input"
            type="number"
            min={0}
            value={draft.minutes}
            onChange={(event) => setDraft((d) => ({ ...d, minutes: event.target.value }))}
          />
        </label>
        <button type="submit" className="btn btn--primary" disabled={!draft.topic.trim()}>
          Find
        </button>
      </form>
      {asked.topic && (
        <DataTable
          label="Open transactions"
          data={open.data}
          columns={shown}
          getRowId={(t) => `${t.partition}:${t.producerId}`}
          loading={open.isPending}
          failed={open.isError}
          emptyText={`No transaction is open on ${asked.topic}.`}
        />
      )}
      <ConfirmDialog
        open={doomed !== undefined}
        title="Abort a transaction"
        message={
          doomed &&
          `Do you want to abort the transaction of producer ${doomed.producerId} on ${doomed.topic}-${doomed.partition} ? Its records from offset ${doomed.startOffset} will be discarded.`
        }
        confirmLabel="Abort"
        danger
        busy={abort.isPending}
        onCancel={() => setDoomed(undefined)}
        onConfirm={() =>
          doomed &&
          abort.mutate(
            { topic: doomed.topic, partition: doomed.partition, producerId: doomed.producerId },
            { onSettled: () => setDoomed(undefined) },
          )
        }
      />
    </section>
  );
}
