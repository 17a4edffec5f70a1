import type { Schema } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { JsonViewer } from '../../components/json-viewer/json-viewer';
import { Pagination } from '../../components/pagination/pagination';
import { parseSearchParams, toSearchParams } from '../../lib/url-state';
import { Page } from '../shell/page';
import { schemaListQuery, useDeleteSubject } from './api';
import { schemaColumns } from './schema-columns';
import { schemaPaths } from './schema-paths';
import '../topics/topics.css';

const UrlState = z.object({
  search: z.string().catch(''),
  page: z.coerce.number().int().min(1).catch(1),
});
type UrlState = z.output<typeof UrlState>;

/** Spec part 2 §2 Schema registry list; search and page live in the address. */
export function SchemaListPage() {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const url = parseSearchParams(UrlState, params);
  const list = useQuery(schemaListQuery(cluster.id, url));
  const canCreate = useCan('SCHEMA', 'CREATE');
  const canDelete = useCan('SCHEMA', 'DELETE');
  const remove = useDeleteSubject(cluster.id);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [search, setSearch] = useState(url.search);
  useEffect(() => setSearch(url.search), [url.search]);
  const go = (next: UrlState, replace: boolean) =>
    setParams(toSearchParams(next, { search: '', page: 1 }), { replace });

  const actions = useMemo(
    () => ({
      details: (s: Schema) => navigate(schemaPaths.subject(cluster.id, s.subject)),
      ...(canDelete ? { delete: (s: Schema) => setToDelete(s.subject) } : {}),
    }),
    [navigate, cluster.id, canDelete],
  );

  return (
    <Page
      title="Schema Registry"
      actions={
        canCreate && (
          <Link className="btn btn--primary" to={schemaPaths.create(cluster.id)}>
            Create a Subject
          </Link>
        )
      }
    >
      <form
        className="filter-bar"
        aria-label="Schema search"
        onSubmit={(event) => {
          event.preventDefault();
          go({ search, page: 1 }, false);
        }}
      >
        <input
          className="input filter-bar__search"
          type="search"
          aria-label="Search subjects"
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
        label="Schemas"
        data={list.data?.results}
        columns={schemaColumns}
        getRowId={(s) => s.subject}
        loading={list.isPending}
        failed={list.isError}
        emptyText="No schemas available"
        renderSubRow={(s) => <JsonViewer label={`Schema of ${s.subject}`} value={s.schema ?? ''} />}
        canExpand={(s) => s.schema !== undefined}
        actions={actions}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete subject"
        message={toDelete === null ? '' : `Do you want to delete subject: ${toDelete} ?`}
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete !== null && remove.mutate(toDelete, { onSettled: () => setToDelete(null) })}
        onCancel={() => setToDelete(null)}
      />
    </Page>
  );
}
