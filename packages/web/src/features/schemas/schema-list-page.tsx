import type { Schema } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { JsonViewer } from '../../components/json-viewer/json-viewer';
import { ListPage } from '../../components/list-page/list-page';
import { SearchBar, useSearchPage } from '../../components/search-bar/search-bar';
import { schemaListQuery, useDeleteSubject } from './api';
import { schemaColumns } from './schema-columns';
import { schemaPaths } from './schema-paths';
import '../topics/topics.css';

/** The schema list (docs/behaviour.md#schemas); search and page live in the address. */
export function SchemaListPage() {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const url = useSearchPage();
  const list = useQuery(schemaListQuery(cluster.id, url.params));
  const canCreate = useCan('SCHEMA', 'CREATE');
  const canDelete = useCan('SCHEMA', 'DELETE');
  const remove = useDeleteSubject(cluster.id);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const columns = useMemo(() => schemaColumns(cluster.id), [cluster.id]);

  const actions = useMemo(
    () => ({
      details: (s: Schema) => navigate(schemaPaths.subject(cluster.id, s.subject)),
      ...(canDelete ? { delete: (s: Schema) => setToDelete(s.subject) } : {}),
    }),
    [navigate, cluster.id, canDelete],
  );

  return (
    <ListPage
      title="Schema Registry"
      actions={
        canCreate && (
          <Link className="btn btn--primary" to={schemaPaths.create(cluster.id)}>
            Create a Subject
          </Link>
        )
      }
      filters={
        <SearchBar label="Schema search" inputLabel="Search subjects" list={url} pages={list.data?.page} />
      }
      query={list}
      rows={list.data?.results}
      table={{
        label: 'Schemas',
        columns,
        getRowId: (s) => s.subject,
        rowName: (s) => `schema ${s.subject}`,
        emptyText: 'No schemas available',
        renderSubRow: (s) => <JsonViewer label={`Schema of ${s.subject}`} value={s.schema ?? ''} />,
        canExpand: (s) => s.schema !== undefined,
        actions,
      }}
    >
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete subject"
        message={toDelete === null ? '' : `Do you want to delete subject: ${toDelete} ?`}
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete !== null && remove.mutate(toDelete, { onSettled: () => setToDelete(null) })}
        onCancel={() => setToDelete(null)}
      />
    </ListPage>
  );
}
