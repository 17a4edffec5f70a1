import type { ShareGroupSummary } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useClusterScope } from '../../auth/cluster-context';
import { Badge } from '../../components/badge';
import { DataTable } from '../../components/data-table/data-table';
import { Page } from '../shell/page';
import { shareGroupListQuery } from './api';
import { GroupTypeTabs } from './group-type-tabs';

const column = createColumnHelper<ShareGroupSummary>();
export const shareGroupPath = (cluster: string, group: string) =>
  `/${encodeURIComponent(cluster)}/share-group/${encodeURIComponent(group)}`;

/** Share groups (KIP-932), beside the consumer groups: their own list, type badge and state. */
export function ShareGroupListPage() {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const list = useQuery(shareGroupListQuery(cluster.id));
  const columns = useMemo(
    () => [
      column.accessor('id', {
        header: 'Id',
        enableSorting: true,
        cell: ({ getValue }) => <Link to={shareGroupPath(cluster.id, getValue())}>{getValue()}</Link>,
      }),
      column.accessor('type', { header: 'Type', cell: () => <Badge tone="info">SHARE</Badge> }),
      column.accessor('state', {
        header: 'State',
        enableSorting: true,
        cell: ({ getValue }) => (
          <Badge tone={getValue() === 'STABLE' ? 'success' : 'warning'}>{getValue()}</Badge>
        ),
      }),
    ],
    [cluster.id],
  );
  const actions = useMemo(
    () => ({ details: (row: ShareGroupSummary) => navigate(shareGroupPath(cluster.id, row.id)) }),
    [navigate, cluster.id],
  );
  return (
    <Page title="Share Groups">
      <GroupTypeTabs current="share" />
      <DataTable
        label="Share groups"
        data={list.data}
        columns={columns}
        getRowId={(g) => g.id}
        loading={list.isPending}
        failed={list.isError}
        emptyText="No share groups"
        actions={actions}
      />
    </Page>
  );
}
