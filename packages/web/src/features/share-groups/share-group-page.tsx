import type { ShareGroupMember, ShareGroupOffset } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { Badge } from '../../components/badge';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { Page } from '../../components/layout/page';
import { shareGroupQuery, useDeleteShareGroup, useResetShareOffsets } from './api';

const member = createColumnHelper<ShareGroupMember>();
const memberColumns = [
  member.accessor('clientId', { header: 'Client Id', enableSorting: true }),
  member.accessor('memberId', { header: 'Member Id' }),
  member.accessor('clientHost', { header: 'Host' }),
  member.display({
    id: 'assignments',
    header: 'Assigned partitions',
    cell: ({ row }) => (
      <span className="badges">
        {row.original.assignments.map((a) => (
          <Badge key={`${a.topic}#${a.partition}`}>
            {a.topic} [{a.partition}]
          </Badge>
        ))}
      </span>
    ),
  }),
];

const offset = createColumnHelper<ShareGroupOffset>();
const offsetColumns = [
  offset.accessor('topic', { header: 'Topic', enableSorting: true }),
  offset.accessor('partition', { header: 'Partition', enableSorting: true }),
  offset.accessor('startOffset', { header: 'Start offset' }),
  offset.accessor('lag', { header: 'Lag', cell: ({ getValue }) => getValue() ?? '–' }),
];

type Pending = { kind: 'EARLIEST' | 'LATEST' } | { kind: 'DELETE' };

/** A share group: members with their assigned partitions, start offsets and lag, reset and delete. */
export function ShareGroupPage() {
  const { cluster } = useClusterScope();
  const group = useParams().shareGroupId ?? '';
  const navigate = useNavigate();
  const detail = useQuery(shareGroupQuery(cluster.id, group));
  const canReset = useCan('SHARE_GROUP', 'UPDATE_OFFSET');
  const canDelete = useCan('SHARE_GROUP', 'DELETE');
  const reset = useResetShareOffsets(cluster.id, group);
  const remove = useDeleteShareGroup(cluster.id);
  const [pending, setPending] = useState<Pending>();
  const data = detail.data;
  const empty = data?.state === 'EMPTY';

  const confirm = () => {
    if (!pending || !data) return;
    if (pending.kind === 'DELETE') {
      remove.mutate(group, {
        onSuccess: () => navigate(`/${encodeURIComponent(cluster.id)}/share-group`),
        onSettled: () => setPending(undefined),
      });
      return;
    }
    const to = pending.kind;
    reset.mutate(
      data.offsets.map((o) => ({ topic: o.topic, partition: o.partition, to })),
      { onSettled: () => setPending(undefined) },
    );
  };

  return (
    <Page title={`Share Group: ${group}`}>
      {data && (
        <dl className="share-group-summary">
          <div>
            <dt>Type</dt>
            <dd>
              <Badge tone="info">SHARE</Badge>
            </dd>
          </div>
          <div>
            <dt>State</dt>
            <dd>
              <Badge tone={data.state === 'STABLE' ? 'success' : 'warning'}>{data.state}</Badge>
            </dd>
          </div>
          <div>
            <dt>Members</dt>
            <dd>{data.members.length}</dd>
          </div>
          <div>
            <dt>Assignor</dt>
            <dd>{data.assignor || '–'}</dd>
          </div>
          <div>
            <dt>Total lag</dt>
            <dd>{data.offsets.reduce((sum, o) => sum + (o.lag ?? 0), 0)}</dd>
          </div>
        </dl>
      )}
      {(canReset || canDelete) && data && (
        <div className="share-group-actions">
          {canReset && (
            <>
              <button
                type="button"
                className="btn"
                disabled={!empty || data.offsets.length === 0}
                title={empty ? undefined : 'Only while the group has no members'}
                onClick={() => setPending({ kind: 'EARLIEST' })}
              >
                Reset to earliest
              </button>
              <button
                type="button"
                className="btn"
                disabled={!empty || data.offsets.length === 0}
                title={empty ? undefined : 'Only while the group has no members'}
                onClick={() => setPending({ kind: 'LATEST' })}
              >
                Reset to latest
              </button>
            </>
          )}
          {canDelete && (
            <button
              type="button"
              className="btn btn--danger"
              disabled={!empty}
              title={empty ? undefined : 'Only while the group has no members'}
              onClick={() => setPending({ kind: 'DELETE' })}
            >
              Delete
            </button>
          )}
        </div>
      )}
      <h2>Members</h2>
      <DataTable
        label="Members"
        data={data?.members}
        columns={memberColumns}
        getRowId={(m) => m.memberId}
        loading={detail.isPending}
        failed={detail.isError}
        emptyText="No members"
      />
      <h2>Start offsets</h2>
      <DataTable
        label="Start offsets"
        data={data?.offsets}
        columns={offsetColumns}
        getRowId={(o) => `${o.topic}#${o.partition}`}
        loading={detail.isPending}
        failed={detail.isError}
        emptyText="No partitions read yet"
      />
      <ConfirmDialog
        open={pending !== undefined}
        danger={pending?.kind === 'DELETE'}
        confirmLabel={pending?.kind === 'DELETE' ? 'Delete' : 'Reset'}
        busy={reset.isPending || remove.isPending}
        message={
          pending?.kind === 'DELETE'
            ? `Do you want to delete share group: ${group} ?`
            : `Set every start offset of ${group} to the partition's ${pending?.kind.toLowerCase()} offset?`
        }
        onConfirm={confirm}
        onCancel={() => setPending(undefined)}
      />
    </Page>
  );
}
