import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import type { AclBinding } from './acl-bindings';
import { aclPaths } from './acl-paths';

const column = createColumnHelper<AclBinding>();

const permissionColumn = column.display({
  id: 'permission',
  header: 'Permission',
  cell: ({ row }) => (
    <span className="badges">
      <Badge tone={row.original.permission === 'ALLOW' ? 'success' : 'danger'}>
        {row.original.permission}
      </Badge>
      {row.original.operation}
    </span>
  ),
});

/** Principal page tabs (docs/behaviour.md#acls): resource, Pattern Type, Host, Permission. */
export function principalColumns(resourceLabel: string) {
  return [
    column.accessor('resource', { header: resourceLabel, enableSorting: true }),
    column.accessor('patternType', { header: 'Pattern Type', enableSorting: true }),
    column.accessor('host', { header: 'Host', enableSorting: true }),
    permissionColumn,
  ];
}

const principalColumn = (cluster: string) =>
  column.accessor('principal', {
    header: 'Principal',
    enableSorting: true,
    cell: ({ getValue }) => <Link to={aclPaths.principal(cluster, getValue())}>{getValue()}</Link>,
  });

/** A topic's ACLs tab (docs/behaviour.md#topic-page): Principal, Host, Permissions. */
export function topicAclColumns(cluster: string) {
  return [
    principalColumn(cluster),
    column.accessor('host', { header: 'Host', enableSorting: true }),
    { ...permissionColumn, header: 'Permissions' },
  ];
}

/** A group's ACLs: who may do what on it. */
export function groupAclColumns(cluster: string) {
  return [
    principalColumn(cluster),
    column.accessor('resource', { header: 'Group', enableSorting: true }),
    column.accessor('patternType', { header: 'Pattern Type' }),
    column.accessor('host', { header: 'Host', enableSorting: true }),
    permissionColumn,
  ];
}
