import type { ConnectDefinition } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { JsonViewer } from '../../components/json-viewer/json-viewer';
import { ListPage } from '../../components/list-page/list-page';
import { SearchBar, useSearchPage } from '../../components/search-bar/search-bar';
import { connectorListQuery, useDeleteConnector } from './api';
import { connectorColumns } from './connect-columns';
import { connectPaths } from './connect-paths';
import '../topics/topics.css';

/** The connector list (docs/behaviour.md#connect); search and page live in the address. */
export function ConnectListPage() {
  const { cluster } = useClusterScope();
  const { connectId = '' } = useParams();
  const navigate = useNavigate();
  const url = useSearchPage();
  const list = useQuery(connectorListQuery(cluster.id, connectId, url.params));
  const canCreate = useCan('CONNECTOR', 'CREATE');
  const canLoggers = useCan('CONNECT_CLUSTER', 'READ');
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
    <ListPage
      title={`Connect: ${connectId}`}
      actions={
        <>
          {canLoggers && (
            <Link className="btn" to={connectPaths.loggers(cluster.id, connectId)}>
              Loggers
            </Link>
          )}
          {canCreate && (
            <Link className="btn btn--primary" to={connectPaths.create(cluster.id, connectId)}>
              Create a definition
            </Link>
          )}
        </>
      }
      filters={
        <SearchBar
          label="Connector search"
          inputLabel="Search connectors"
          list={url}
          pages={list.data?.page}
        />
      }
      query={list}
      rows={list.data?.results}
      table={{
        label: 'Connectors',
        columns: connectorColumns,
        getRowId: (c) => c.name,
        rowName: (c) => `definition ${c.name}`,
        emptyText: 'No connectors available',
        renderSubRow: (c) => <JsonViewer label={`Config of ${c.name}`} value={JSON.stringify(c.configs)} />,
        actions,
      }}
    >
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete definition"
        message={toDelete === null ? '' : `Do you want to delete definition: ${toDelete} ?`}
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete !== null && remove.mutate(toDelete, { onSettled: () => setToDelete(null) })}
        onCancel={() => setToDelete(null)}
      />
    </ListPage>
  );
}
