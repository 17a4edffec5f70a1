import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable } from '../../components/data-table/data-table';
import { noAclsText, toAclBindings } from '../acls/acl-bindings';
import { topicAclColumns } from '../acls/acl-columns';
import { topicAclsQuery } from './api';

export function TopicAclsTab({ cluster, topic }: { cluster: string; topic: string }) {
  const acls = useQuery({ ...topicAclsQuery(cluster, topic), select: toAclBindings });
  const columns = useMemo(() => topicAclColumns(cluster), [cluster]);
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
