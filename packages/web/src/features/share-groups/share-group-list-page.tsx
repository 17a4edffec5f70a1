import type { ShareGroupSummary } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useClusterScope } from '../../auth/cluster-context';
import { Badge } from '../../components/badge';
import { ListPage } from '../../components/list-page/list-page';
import { SearchBar, useSearchPage } from '../../components/search-bar/search-bar';
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
    <ListPage
      title="Share Groups"
      header={<GroupTypeTabs current="share" />}
      filters={
        <SearchBar
          label="Share group search"
          inputLabel="Search share groups"
          list={url}
          pages={list.data?.page}
        />
      }
      query={list}
      rows={list.data?.results}
      table={{ label: 'Share groups', columns, getRowId: (g) => g.id, emptyText: 'No share groups', actions }}
    />
  );
}
