import type { Reassignment } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { Page } from '../../components/layout/page';
import { reassignmentsQuery, useCancelReassignment, useRemoveThrottle } from './api';
import { ReassignForm } from './reassign-form';
import './reassignments.css';

const column = createColumnHelper<Reassignment>();
const ids = (list: number[]) => (list.length ? list.join(', ') : '–');

/** Ongoing partition moves with their progress (new replicas in sync), cancel, and the brokers' throttles. */
export function ReassignmentsPage() {
  const { cluster } = useClusterScope();
  const canReassign = useCan('TOPIC', 'REASSIGN');
  const list = useQuery(reassignmentsQuery(cluster.id));
  const cancel = useCancelReassignment(cluster.id);
  const unthrottle = useRemoveThrottle(cluster.id);
  const [cancelling, setCancelling] = useState<Reassignment>();
  const columns = useMemo(
    () => [
      column.accessor('topic', { header: 'Topic', enableSorting: true }),
      column.accessor('partition', { header: 'Partition', enableSorting: true }),
      column.accessor('replicas', { header: 'Replicas', cell: ({ getValue }) => ids(getValue()) }),
      column.accessor('addingReplicas', { header: 'Adding', cell: ({ getValue }) => ids(getValue()) }),
      column.accessor('removingReplicas', { header: 'Removing', cell: ({ getValue }) => ids(getValue()) }),
      column.display({
        id: 'progress',
        header: 'Progress',
        cell: ({ row }) => {
          const { inSyncAdding, addingReplicas } = row.original;
          return (
            <span>
              <progress
                max={addingReplicas.length || 1}
                value={inSyncAdding}
                aria-label={`${row.original.topic} [${row.original.partition}] progress`}
              />{' '}
              {inSyncAdding}/{addingReplicas.length} in sync
            </span>
          );
        },
      }),
      ...(canReassign
        ? [
            column.display({
              id: 'cancel',
              header: 'Cancel',
              cell: ({ row }) => (
                <button type="button" className="btn" onClick={() => setCancelling(row.original)}>
                  Cancel move
                </button>
              ),
            }),
          ]
        : []),
    ],
    [canReassign],
  );
  const throttles = list.data?.throttles ?? [];

  return (
    <Page title="Reassignments">
      <h2>Ongoing reassignments</h2>
      <DataTable
        label="Ongoing reassignments"
        data={list.data?.reassignments}
        columns={columns}
        getRowId={(r) => `${r.topic}#${r.partition}`}
        loading={list.isPending}
        failed={list.isError}
        emptyText="No partition is being moved"
      />
      <h2>Replication throttle</h2>
      {throttles.length === 0 ? (
        <p>No broker is throttled.</p>
      ) : (
        <div className="reassign-throttles">
          <ul>
            {throttles.map((t) => (
              <li key={t.broker}>
                Broker {t.broker}: leader {t.leaderRate ?? '–'} B/s, follower {t.followerRate ?? '–'} B/s
              </li>
            ))}
          </ul>
          {canReassign && (
            <button
              type="button"
              className="btn"
              disabled={unthrottle.isPending}
              onClick={() => unthrottle.mutate([...new Set(list.data?.reassignments.map((r) => r.topic))])}
            >
              Remove throttle
            </button>
          )}
        </div>
      )}
      {canReassign && <ReassignForm cluster={cluster.id} />}
      <ConfirmDialog
        open={cancelling !== undefined}
        busy={cancel.isPending}
        message={`Cancel the move of ${cancelling?.topic} [${cancelling?.partition}]? Its replicas go back to what they were.`}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(
            { partitions: [{ topic: cancelling.topic, partition: cancelling.partition }] },
            { onSettled: () => setCancelling(undefined) },
          );
        }}
        onCancel={() => setCancelling(undefined)}
      />
    </Page>
  );
}
