import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable } from '../../components/data-table/data-table';
import { noAclsText, toAclBindings } from '../acls/acl-bindings';
import { groupAclColumns } from '../acls/acl-columns';
import { groupAclsQuery } from './api';

export function GroupAclsTab({ cluster, group }: { cluster: string; group: string }) {
  const acls = useQuery({ ...groupAclsQuery(cluster, group), select: toAclBindings });
  const columns = useMemo(() => groupAclColumns(cluster), [cluster]);
  return (
    <DataTable
      label="ACLS"
      data={acls.data}
      columns={columns}
      getRowId={(row) => row.id}
      loading={acls.isPending}
      failed={acls.isError}
      emptyText={noAclsText}
    />
  );
}
