import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { Pagination } from '../../components/pagination/pagination';
import { parseSearchParams, toSearchParams } from '../../lib/url-state';
import { Page } from '../shell/page';
import { groupListQuery } from './api';
import { groupListColumns } from './group-columns';
import { groupPaths } from './group-paths';
import { useDeleteGroup } from './mutations';
import '../topics/topics.css';

const UrlState = z.object({
  search: z.string().catch(''),
  page: z.coerce.number().int().min(1).catch(1),
});
type UrlState = z.output<typeof UrlState>;

/** Spec part 2 §2 Consumer groups list; search and page live in the address. */
export function GroupListPage() {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const url = parseSearchParams(UrlState, params);
  const list = useQuery(groupListQuery(cluster.id, url));
  const canDelete = useCan('CONSUMER_GROUP', 'DELETE');
  const [toDelete, setToDelete] = useState<string | null>(null);
  const remove = useDeleteGroup(cluster.id);
  const [search, setSearch] = useState(url.search);
  useEffect(() => setSearch(url.search), [url.search]);

  const go = (next: UrlState, replace: boolean) =>
    setParams(toSearchParams(next, { search: '', page: 1 }), { replace });
  const totalPages = list.data?.page ?? 1;
  useEffect(() => {
    if (list.data && list.data.page > 0 && url.page > list.data.page)
      go({ ...url, page: list.data.page }, true);
  });
  const columns = useMemo(() => groupListColumns(cluster.id), [cluster.id]);
  const actions = useMemo(
    () => ({
      details: (group: { id: string }) => navigate(groupPaths.group(cluster.id, group.id)),
      ...(canDelete ? { delete: (group: { id: string }) => setToDelete(group.id) } : {}),
    }),
    [navigate, cluster.id, canDelete],
  );

  return (
    <Page title="Consumer Groups">
      <form
        className="filter-bar"
        aria-label="Consumer group search"
        onSubmit={(event) => {
          event.preventDefault();
          go({ search, page: 1 }, false);
        }}
      >
        <input
          className="input filter-bar__search"
          type="search"
          aria-label="Search consumer groups"
          placeholder="Search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button type="submit" className="btn btn--primary">
          Search
        </button>
        <Pagination page={url.page} totalPages={totalPages} onChange={(page) => go({ ...url, page }, true)} />
      </form>
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
