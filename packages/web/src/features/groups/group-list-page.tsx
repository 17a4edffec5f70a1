import { GroupSortColumn } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import type { RowSelectionState, SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { ListPage } from '../../components/list-page/list-page';
import { SearchBar, useSearchPage } from '../../components/search-bar/search-bar';
import { OrderParam, serverSorting, sortParams } from '../../lib/server-sort';
import { parseSearchParams, toSearchParams } from '../../lib/url-state';
import { lagAlertsQuery } from '../lag/api';
import { GroupTypeTabs } from '../share-groups/group-type-tabs';
import { FlowImpact } from '../topology/flow-impact';
import { groupListQuery } from './api';
import { GroupBulkDelete } from './group-bulk-delete';
import { GROUP_SORT_COLUMNS, groupListColumns } from './group-columns';
import { groupPaths } from './group-paths';
import { useDeleteGroup } from './mutations';
import '../topics/topics.css';

const SortState = z.object({ sort: GroupSortColumn.optional().catch(undefined), order: OrderParam });

/**
 * The consumer group list (docs/behaviour.md#consumer-groups); search, page, sort and order live in the
 * address.
 */
export function GroupListPage() {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const url = useSearchPage();
  const [params, setParams] = useSearchParams();
  const order = parseSearchParams(SortState, params);
  const list = useQuery(groupListQuery(cluster.id, { ...url.params, ...order }));
  const sorting = serverSorting(GROUP_SORT_COLUMNS, order.sort, order.order);
  const sort = (next: SortingState) => {
    const wanted = sortParams(GROUP_SORT_COLUMNS, next);
    setParams(toSearchParams({ search: url.params.search, ...wanted }, { search: '' }));
  };
  const [selection, setSelection] = useState<RowSelectionState>({});
  const selected = Object.keys(selection).filter((id) => selection[id]);
  const canDelete = useCan('CONSUMER_GROUP', 'DELETE');
  const [toDelete, setToDelete] = useState<string | null>(null);
  const remove = useDeleteGroup(cluster.id);

  const alerts = useQuery(lagAlertsQuery(cluster.id));
  const columns = useMemo(() => groupListColumns(cluster.id, alerts.data), [cluster.id, alerts.data]);
  const actions = useMemo(
    () => ({
      details: (group: { id: string }) => navigate(groupPaths.group(cluster.id, group.id)),
      ...(canDelete ? { delete: (group: { id: string }) => setToDelete(group.id) } : {}),
    }),
    [navigate, cluster.id, canDelete],
  );

  return (
    <ListPage
      title="Consumer Groups"
      header={<GroupTypeTabs current="consumer" />}
      filters={
        <SearchBar
          label="Consumer group search"
          inputLabel="Search consumer groups"
          list={url}
          pages={list.data?.page}
        />
      }
      beforeTable={
        canDelete && (
          <GroupBulkDelete cluster={cluster.id} selected={selected} onClear={() => setSelection({})} />
        )
      }
      query={list}
      rows={list.data?.results}
      table={{
        label: 'Consumer Groups',
        columns,
        getRowId: (group) => group.id,
        rowName: (group) => `group ${group.id}`,
        actions,
        emptyText: 'No consumer group available',
        sorting,
        onSortingChange: sort,
        manualSorting: true,
        ...(canDelete ? { selection, onSelectionChange: setSelection } : {}),
      }}
    >
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete consumer group"
        message={
          toDelete === null ? (
            ''
          ) : (
            <>
              <FlowImpact cluster={cluster.id} group={toDelete} />
              {`Do you want to delete consumer group: ${toDelete} ?`}
            </>
          )
        }
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete !== null && remove.mutate(toDelete, { onSettled: () => setToDelete(null) })}
        onCancel={() => setToDelete(null)}
      />
    </ListPage>
  );
}
