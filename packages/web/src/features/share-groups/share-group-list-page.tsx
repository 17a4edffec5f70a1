import type { ShareGroupSummary } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useClusterScope } from '../../auth/cluster-context';
import { Badge } from '../../components/badge';
import { DataTable } from '../../components/data-table/data-table';
import { SearchBar, useSearchPage } from '../../components/search-bar/search-bar';
import { Page } from '../shell/page';
import { shareGroupListQuery } from './api';
import { GroupTypeTabs } from './group-type-tabs';

const column = createColumnHelper<ShareGroupSummary>();
export const shareGroupPath = (cluster: string, group: string) =>
  `/${encodeURIComponent(cluster)}/share-group/${encodeURIComponent(group)}`;

/**
 * Share groups (KIP-932), beside the consumer groups: their own list, type badge and state, a page at a
 * time by id (search and page in the address).
 */
export function ShareGroupListPage() {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const url = useSearchPage();
  const list = useQuery(shareGroupListQuery(cluster.id, url.params));
  useEffect(() => {
    if (list.data && list.data.page > 0 && url.params.page > list.data.page) url.setPage(list.data.page);
  });
  const columns = useMemo(
    () => [
      column.accessor('id', {
        header: 'Id',
        cell: ({ getValue }) => <Link to={shareGroupPath(cluster.id, getValue())}>{getValue()}</Link>,
      }),
      column.accessor('type', { header: 'Type', cell: () => <Badge tone="info">SHARE</Badge> }),
      column.accessor('state', {
        header: 'State',
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
      <SearchBar
        label="Share group search"
        inputLabel="Search share groups"
        list={url}
        totalPages={list.data?.page ?? 1}
      />
      <DataTable
        label="Share groups"
        data={list.data?.results}
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
