import type { ConnectDefinition } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { JsonViewer } from '../../components/json-viewer/json-viewer';
import { Pagination } from '../../components/pagination/pagination';
import { parseSearchParams, toSearchParams } from '../../lib/url-state';
import { Page } from '../shell/page';
import { connectorListQuery, useDeleteConnector } from './api';
import { connectorColumns } from './connect-columns';
import { connectPaths } from './connect-paths';
import '../topics/topics.css';

const UrlState = z.object({
  search: z.string().catch(''),
  page: z.coerce.number().int().min(1).catch(1),
});
type UrlState = z.output<typeof UrlState>;

/** Spec part 2 §1 Connect definitions list; search and page live in the address. */
export function ConnectListPage() {
  const { cluster } = useClusterScope();
  const { connectId = '' } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const url = parseSearchParams(UrlState, params);
  const list = useQuery(connectorListQuery(cluster.id, connectId, url));
  const canCreate = useCan('CONNECTOR', 'CREATE');
  const canDelete = useCan('CONNECTOR', 'DELETE');
  const remove = useDeleteConnector(cluster.id, connectId);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [search, setSearch] = useState(url.search);
  useEffect(() => setSearch(url.search), [url.search]);
  const go = (next: UrlState, replace: boolean) =>
    setParams(toSearchParams(next, { search: '', page: 1 }), { replace });
  const actions = useMemo(
    () => ({
      details: (c: ConnectDefinition) => navigate(connectPaths.connector(cluster.id, connectId, c.name)),
      ...(canDelete ? { delete: (c: ConnectDefinition) => setToDelete(c.name) } : {}),
    }),
    [navigate, cluster.id, connectId, canDelete],
  );

  return (
    <Page
      title={`Connect: ${connectId}`}
      actions={
        canCreate && (
          <Link className="btn btn--primary" to={connectPaths.create(cluster.id, connectId)}>
            Create a definition
          </Link>
        )
      }
    >
      <form
        className="filter-bar"
        aria-label="Connector search"
        onSubmit={(event) => {
          event.preventDefault();
          go({ search, page: 1 }, false);
        }}
      >
        <input
          className="input filter-bar__search"
          type="search"
          aria-label="Search connectors"
          placeholder="Search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button type="submit" className="btn btn--primary">
          Search
        </button>
        <Pagination
          page={url.page}
          totalPages={list.data?.page ?? 1}
          onChange={(page) => go({ ...url, page }, true)}
        />
      </form>
      <DataTable
        label="Connectors"
        data={list.data?.results}
        columns={connectorColumns}
        getRowId={(c) => c.name}
        loading={list.isPending}
        failed={list.isError}
        emptyText="No connectors available"
        renderSubRow={(c) => <JsonViewer label={`Config of ${c.name}`} value={JSON.stringify(c.configs)} />}
        actions={actions}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete definition"
        message={toDelete === null ? '' : `Do you want to delete definition: ${toDelete} ?`}
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete !== null && remove.mutate(toDelete, { onSettled: () => setToDelete(null) })}
        onCancel={() => setToDelete(null)}
      />
    </Page>
  );
}
