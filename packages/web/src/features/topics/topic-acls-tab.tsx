import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { DataTable } from '../../components/data-table/data-table';
import { encodeBase64Utf8 } from '../../lib/base64';
import { type AclRow, toAclRows } from './acl-rows';
import { topicAclsQuery } from './api';

const column = createColumnHelper<AclRow>();

function aclColumns(cluster: string) {
  return [
    column.accessor('principal', {
      header: 'Principal',
      enableSorting: true,
      cell: ({ getValue }) => (
        <Link to={`/${encodeURIComponent(cluster)}/acls/${encodeURIComponent(encodeBase64Utf8(getValue()))}`}>
          {getValue()}
        </Link>
      ),
    }),
    column.accessor('host', { header: 'Host', enableSorting: true }),
    column.display({
      id: 'permissions',
      header: 'Permissions',
      cell: ({ row }) => (
        <span className="badges">
          <Badge tone={row.original.permission === 'ALLOW' ? 'success' : 'danger'}>
            {row.original.permission}
          </Badge>
          {row.original.operation}
        </span>
      ),
    }),
  ];
}

export function TopicAclsTab({ cluster, topic }: { cluster: string; topic: string }) {
  const acls = useQuery({ ...topicAclsQuery(cluster, topic), select: toAclRows });
  const columns = useMemo(() => aclColumns(cluster), [cluster]);
  return (
    <DataTable
      label="ACLS"
      data={acls.data}
      columns={columns}
      getRowId={(row) => row.id}
      loading={acls.isPending}
      failed={acls.isError}
      emptyText={'No ACLS found, or the "authorizer.class.name" parameter is not configured on the cluster.'}
    />
  );
}
