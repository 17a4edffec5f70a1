import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { SearchBar, useSearchPage } from '../../components/search-bar/search-bar';
import { lagAlertsQuery } from '../lag/api';
import { Page } from '../shell/page';
import { groupListQuery } from './api';
import { groupListColumns } from './group-columns';
import { groupPaths } from './group-paths';
import { useDeleteGroup } from './mutations';
import '../topics/topics.css';

/** Spec part 2 §2 Consumer groups list; search and page live in the address. */
export function GroupListPage() {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const url = useSearchPage();
  const list = useQuery(groupListQuery(cluster.id, url.params));
  const canDelete = useCan('CONSUMER_GROUP', 'DELETE');
  const [toDelete, setToDelete] = useState<string | null>(null);
  const remove = useDeleteGroup(cluster.id);

  const totalPages = list.data?.page ?? 1;
  useEffect(() => {
    if (list.data && list.data.page > 0 && url.params.page > list.data.page) url.setPage(list.data.page);
  });
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
    <Page title="Consumer Groups">
      <SearchBar
        label="Consumer group search"
        inputLabel="Search consumer groups"
        list={url}
        totalPages={totalPages}
      />
      <DataTable
        label="Consumer Groups"
        data={list.data?.results}
        columns={columns}
        getRowId={(group) => group.id}
        loading={list.isPending}
        failed={list.isError}
        actions={actions}
        emptyText="No consumer group available"
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete consumer group"
        message={toDelete === null ? '' : `Do you want to delete consumer group: ${toDelete} ?`}
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete !== null && remove.mutate(toDelete, { onSettled: () => setToDelete(null) })}
        onCancel={() => setToDelete(null)}
      />
    </Page>
  );
}
