import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/data-table/data-table';
import { formatDuration } from '../../../lib/format-duration';
import { topicPaths } from '../../topics/topic-paths';
import { groupLagTimeQuery, groupMembersQuery, groupOffsetsQuery } from '../api';
import { LagBadge } from '../group-columns';
import { type OffsetRow, toOffsetRows } from '../group-rows';
import { GroupLagTimeSummary } from './group-lag-time-summary';
import '../groups.css';

const column = createColumnHelper<OffsetRow>();

function offsetColumns(cluster: string) {
  return [
    column.accessor('topic', {
      header: 'Topic',
      enableSorting: true,
      cell: ({ getValue }) => <Link to={topicPaths.topic(cluster, getValue())}>{getValue()}</Link>,
    }),
    column.accessor('partition', { header: 'Partition', enableSorting: true, meta: { align: 'end' } }),
    column.accessor((row) => row.memberHost ?? '', { id: 'member', header: 'Member' }),
    column.accessor((row) => row.offset, {
      id: 'offset',
      header: 'Offset',
      meta: { align: 'end' },
      cell: ({ getValue }) => getValue() ?? <span className="muted">No committed offset</span>,
    }),
    column.accessor((row) => row.offsetLag ?? null, {
      id: 'lag',
      header: 'Lag',
      cell: ({ getValue }) => <LagBadge lag={getValue()} />,
    }),
    column.accessor((row) => row.lagMs ?? null, {
      id: 'lagTime',
      header: 'Time lag',
      meta: { align: 'end' },
      cell: ({ getValue }) => {
        const ms = getValue();
        return ms === null ? '' : <span className="nowrap">{formatDuration(ms, 1)}</span>;
      },
    }),
    column.accessor((row) => row.metadata ?? '', { id: 'metadata', header: 'Metadata' }),
  ];
}

/**
 * One row per partition: member host, committed offset, its lag (or that none is committed) and its lag in
 * time; above them the group's highest time lag and time to clear.
 */
export function GroupTopicsTab({ cluster, group }: { cluster: string; group: string }) {
  const offsets = useQuery(groupOffsetsQuery(cluster, group));
  const members = useQuery(groupMembersQuery(cluster, group));
  const lagTime = useQuery(groupLagTimeQuery(cluster, group));
  const rows = useMemo(
    () => offsets.data && toOffsetRows(offsets.data, members.data ?? [], lagTime.data?.partitions),
    [offsets.data, members.data, lagTime.data],
  );
  const columns = useMemo(() => offsetColumns(cluster), [cluster]);
  return (
    <>
      <GroupLagTimeSummary lagTime={lagTime.data} failed={lagTime.isError} />
      <DataTable
        label="Topics"
        data={rows}
        columns={columns}
        getRowId={(row) => row.id}
        loading={offsets.isPending}
        failed={offsets.isError}
        emptyText="No offsets found."
      />
    </>
  );
}
