import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { groupAclColumns } from '../../acls/acl-columns';
import { ResourceAclsTable } from '../../acls/resource-acls-table';
import { groupAclsQuery } from '../api';

export function GroupAclsTab({ cluster, group }: { cluster: string; group: string }) {
  const acls = useQuery(groupAclsQuery(cluster, group));
  const columns = useMemo(() => groupAclColumns(cluster), [cluster]);
  return <ResourceAclsTable acls={acls} columns={columns} />;
}
