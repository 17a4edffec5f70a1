import type { ConnectDefinition, ConnectTask } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Badge, type BadgeTone } from '../../components/badge';
import type { AnyColumnDef } from '../../components/data-table/types';

const column = createColumnHelper<ConnectDefinition>();

/** docs/behaviour.md#connect: RUNNING green, FAILED red, any other state amber. */
export const taskTone = (state: string): BadgeTone =>
  state === 'RUNNING' ? 'success' : state === 'FAILED' ? 'danger' : 'warning';

export function TaskBadge({ task }: { task: ConnectTask }) {
  return (
    <Badge tone={taskTone(task.state)}>
      {task.workerId} (#{task.id}) {task.state}
    </Badge>
  );
}

/** The connector's own state; "unknown" until Connect reports one. */
export function ConnectorStateBadge({ state }: { state: string | undefined }) {
  return <Badge tone={state ? taskTone(state) : 'neutral'}>{state ?? 'unknown'}</Badge>;
}

/**
 * The connector list (docs/behaviour.md#connect): Name, Type (source or sink, short class), Tasks; Config
 * expands.
 */
export const connectorColumns: AnyColumnDef<ConnectDefinition>[] = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('type', {
    header: 'Type',
    cell: ({ row }) => (
      <span className="nowrap">
        <Badge tone={row.original.type === 'sink' ? 'info' : 'success'}>{row.original.type}</Badge>{' '}
        {row.original.shortClassName}
      </span>
    ),
  }),
  column.accessor('state', {
    header: 'State',
    cell: ({ getValue }) => <ConnectorStateBadge state={getValue()} />,
  }),
  column.accessor('tasks', {
    header: 'Tasks',
    cell: ({ getValue }) => (
      <span className="badges">
        {(getValue() ?? []).map((task: ConnectTask) => (
          <TaskBadge key={task.id} task={task} />
        ))}
      </span>
    ),
  }),
];
