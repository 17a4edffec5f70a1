import type { ConnectDefinition, ConnectPluginDefinition, ConnectTask } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type { AnyColumnDef } from '../../components/data-table/types';
import { FormField } from '../../components/form/form-field';
import { Page } from '../../components/layout/page';
import { UrlTabs } from '../../components/tabs/url-tabs';
import { FlowTab } from '../topology/flow-tab';
import {
  type ConnectorAction,
  connectorQuery,
  connectorTasksQuery,
  pluginsQuery,
  useConnectorAction,
  useDeleteConnector,
  useUpdateConnector,
} from './api';
import { ConnectorStateBadge, TaskBadge } from './connect-columns';
import { CONNECTOR_TABS, type ConnectorTab, connectPaths } from './connect-paths';
import { ConnectorConfigFields } from './connector-config-fields';
import { connectorConfigs, connectorFieldErrors, formStateOf, parseTransforms } from './connector-form';
import { OffsetsTab } from './operations/connector-offsets-tab';
import './connect.css';

const column = createColumnHelper<ConnectTask>();
const taskColumns: AnyColumnDef<ConnectTask>[] = [
  column.accessor('id', { header: 'Id', meta: { shrink: true } }),
  column.accessor('workerId', { header: 'Worker' }),
  column.accessor('state', { header: 'State', cell: ({ row }) => <TaskBadge task={row.original} /> }),
];

/** What the confirmation dialog is asking about. */
type Pending = ConnectorAction | { task: number } | 'delete';

function question(pending: Pending, name: string): string {
  if (pending === 'delete') return `Do you want to delete definition: ${name} ?`;
  if (pending === 'stop')
    return `Do you want to stop definition: ${name} ? Its tasks shut down until it is resumed.`;
  if (typeof pending === 'string') return `Do you want to ${pending} definition: ${name} ?`;
  return `Do you want to restart task: ${pending.task} from ${name} ?`;
}

/**
 * The connector page (docs/behaviour.md#connect): tabs Tasks (default), Configs and Offsets; Pause, Stop
 * and Restart while running, Resume while paused or stopped, a task's restart per row (UPDATE_STATE), each
 * after a confirmation.
 */
export function ConnectorPage() {
  const { cluster } = useClusterScope();
  const { connectId = '', definitionId: name = '', tab } = useParams();
  const navigate = useNavigate();
  const remove = useDeleteConnector(cluster.id, connectId);
  // Connect applies pause and resume asynchronously: follow the state as the Tasks tab does, until a delete.
  const polling = remove.isIdle ? 5_000 : false;
  const connector = useQuery({ ...connectorQuery(cluster.id, connectId, name), refetchInterval: polling });
  const canState = useCan('CONNECTOR', 'UPDATE_STATE');
  const canDelete = useCan('CONNECTOR', 'DELETE');
  const act = useConnectorAction(cluster.id, connectId, name);
  const [pending, setPending] = useState<Pending | null>(null);
  const active: ConnectorTab = CONNECTOR_TABS.find((t) => t === tab) ?? 'tasks';
  if (tab !== active)
    return <Navigate to={connectPaths.connector(cluster.id, connectId, name, active)} replace />;
  // A STOPPED connector has no tasks (KIP-875), so `paused` is false: resume starts it again.
  const stopped = connector.data?.state === 'STOPPED';
  const paused = (connector.data?.paused ?? false) || stopped;
  const confirm = () => {
    if (pending === null) return;
    const done = { onSettled: () => setPending(null) };
    if (pending === 'delete')
      remove.mutate(name, { ...done, onSuccess: () => navigate(connectPaths.list(cluster.id, connectId)) });
    else act.mutate(pending, done);
  };

  return (
    <Page
      title={`Definition: ${name}`}
      actions={
        <>
          {connector.data && (
            <span
              className="connect-state"
              role="status"
              aria-label={`State: ${connector.data.state ?? 'unknown'}`}
            >
              <ConnectorStateBadge state={connector.data.state} />
            </span>
          )}
          {canState && connector.data && paused && (
            <button type="button" className="btn" onClick={() => setPending('resume')}>
              Resume Definition
            </button>
          )}
          {canState && connector.data && !paused && (
            <>
              <button type="button" className="btn" onClick={() => setPending('pause')}>
                Pause Definition
              </button>
              <button type="button" className="btn" onClick={() => setPending('restart')}>
                Restart Definition
              </button>
            </>
          )}
          {canState && connector.data && !stopped && (
            <button type="button" className="btn" onClick={() => setPending('stop')}>
              Stop Definition
            </button>
          )}
          {canDelete && (
            <button type="button" className="btn btn--danger" onClick={() => setPending('delete')}>
              Delete
            </button>
          )}
        </>
      }
    >
      <UrlTabs
        label="Definition"
        tabs={[
          { key: 'tasks', label: 'Tasks' },
          { key: 'configs', label: 'Configs' },
          { key: 'offsets', label: 'Offsets' },
          { key: 'flow', label: 'Flow' },
        ]}
        active={active}
        href={(key) =>
          connectPaths.connector(
            cluster.id,
            connectId,
            name,
            CONNECTOR_TABS.find((t) => t === key) ?? 'tasks',
          )
        }
      >
        {active === 'tasks' && (
          <TasksTab
            cluster={cluster.id}
            connect={connectId}
            name={name}
            polling={polling}
            onRestart={canState ? (task) => setPending({ task }) : undefined}
          />
        )}
        {active === 'configs' && connector.data && (
          <ConfigsTab
            cluster={cluster.id}
            connect={connectId}
            connector={connector.data}
            key={JSON.stringify(connector.data.configs)}
          />
        )}
        {active === 'offsets' && connector.data && (
          <OffsetsTab cluster={cluster.id} connect={connectId} connector={connector.data} />
        )}
        {active === 'flow' && (
          <FlowTab
            cluster={cluster.id}
            start={{ node: `connector:${connectId}/${name}` }}
            focus={`connector:${connectId}/${name}`}
            label={`Data flow of connector ${name}`}
          />
        )}
      </UrlTabs>
      <ConfirmDialog
        open={pending !== null}
        title={pending === 'delete' ? 'Delete definition' : 'Confirm'}
        message={pending === null ? '' : question(pending, name)}
        danger={pending === 'delete'}
        busy={act.isPending || remove.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Page>
  );
}

function TasksTab(props: {
  cluster: string;
  connect: string;
  name: string;
  polling: number | false;
  onRestart: ((task: number) => void) | undefined;
}) {
  const tasks = useQuery({
    ...connectorTasksQuery(props.cluster, props.connect, props.name),
    refetchInterval: props.polling,
  });
  const { onRestart } = props;
  const actions = useMemo(
    () => (onRestart ? { restart: (t: ConnectTask) => onRestart(t.id) } : {}),
    [onRestart],
  );
  return (
    <DataTable
      label="Tasks"
      data={tasks.data}
      columns={taskColumns}
      getRowId={(t) => String(t.id)}
      rowName={(t) => `task ${t.id}`}
      loading={tasks.isPending}
      failed={tasks.isError}
      emptyText="No tasks"
      renderSubRow={(t) => <pre className="connect-trace">{t.trace}</pre>}
      canExpand={(t) => Boolean(t.trace)}
      actions={actions}
    />
  );
}

/**
 * Update a connector (docs/behaviour.md#connect): the plugin's form with the same type rules; name and class
 * fixed; read-only without UPDATE. Secrets come masked and are kept unless retyped (the server restores
 * them).
 */
function ConfigsTab({
  cluster,
  connect,
  connector,
}: {
  cluster: string;
  connect: string;
  connector: ConnectDefinition;
}) {
  const plugins = useQuery(pluginsQuery(cluster, connect));
  if (plugins.isPending) return <p className="muted">Loading…</p>;
  const className = connector.configs['connector.class'] ?? '';
  const definitions = plugins.data?.find((p) => p.className === className)?.definitions ?? [];
  return <ConfigsForm cluster={cluster} connect={connect} connector={connector} definitions={definitions} />;
}

function ConfigsForm(props: {
  cluster: string;
  connect: string;
  connector: ConnectDefinition;
  definitions: readonly ConnectPluginDefinition[];
}) {
  const { connector, definitions } = props;
  const canUpdate = useCan('CONNECTOR', 'UPDATE');
  const update = useUpdateConnector(props.cluster, props.connect, connector.name);
  const [state, setState] = useState(() => formStateOf(definitions, connector.configs));
  const className = connector.configs['connector.class'] ?? '';
  const errors = connectorFieldErrors(definitions, state.values);
  const transforms = parseTransforms(state.transforms);
  const valid = Object.keys(errors).length === 0 && 'configs' in transforms;
  return (
    <form
      className="form"
      aria-label="Configs"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && 'configs' in transforms)
          update.mutate(connectorConfigs(state, transforms.configs, className));
      }}
    >
      <FormField id="connector-name" label="Name" error={undefined}>
        <input className="input" id="connector-name" value={connector.name} disabled />
      </FormField>
      <FormField id="connector-class" label="Type" error={undefined}>
        <input className="input" id="connector-class" value={className} disabled />
      </FormField>
      <ConnectorConfigFields
        definitions={definitions}
        state={state}
        errors={errors}
        transformsError={'error' in transforms ? transforms.error : undefined}
        disabled={!canUpdate}
        onChange={setState}
      />
      {canUpdate && (
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={!valid || update.isPending}>
            Update
          </button>
        </div>
      )}
    </form>
  );
}
