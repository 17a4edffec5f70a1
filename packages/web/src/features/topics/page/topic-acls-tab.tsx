import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { topicAclColumns } from '../../acls/acl-columns';
import { ResourceAclsTable } from '../../acls/resource-acls-table';
import { topicAclsQuery } from '../api';

export function TopicAclsTab({ cluster, topic }: { cluster: string; topic: string }) {
  const acls = useQuery(topicAclsQuery(cluster, topic));
  const columns = useMemo(() => topicAclColumns(cluster), [cluster]);
  return <ResourceAclsTable acls={acls} columns={columns} />;
}
