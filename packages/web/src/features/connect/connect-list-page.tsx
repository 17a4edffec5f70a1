import type { ConnectDefinition } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { JsonViewer } from '../../components/json-viewer/json-viewer';
import { SearchBar, useSearchPage } from '../../components/search-bar/search-bar';
import { Page } from '../shell/page';
import { connectorListQuery, useDeleteConnector } from './api';
import { connectorColumns } from './connect-columns';
import { connectPaths } from './connect-paths';
import '../topics/topics.css';

/** Spec part 2 §1 Connect definitions list; search and page live in the address. */
export function ConnectListPage() {
  const { cluster } = useClusterScope();
  const { connectId = '' } = useParams();
  const navigate = useNavigate();
  const url = useSearchPage();
  const list = useQuery(connectorListQuery(cluster.id, connectId, url.params));
  const canCreate = useCan('CONNECTOR', 'CREATE');
  const canDelete = useCan('CONNECTOR', 'DELETE');
  const remove = useDeleteConnector(cluster.id, connectId);
  const [toDelete, setToDelete] = useState<string | null>(null);
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
      <SearchBar
        label="Connector search"
        inputLabel="Search connectors"
        list={url}
        totalPages={list.data?.page ?? 1}
      />
      <DataTable
        label="Connectors"
        data={list.data?.results}
        columns={connectorColumns}
        getRowId={(c) => c.name}
        rowName={(c) => `definition ${c.name}`}
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
