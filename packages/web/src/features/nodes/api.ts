import { NodeList } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { clusterKeys } from '../clusters/api';
import { toNodeRows } from './node-rows';

export const nodeKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'nodes'] as const,
  list: (cluster: string) => [...nodeKeys.all(cluster), 'list'] as const,
};

export function nodeListQuery(cluster: string) {
  return queryOptions({
    queryKey: nodeKeys.list(cluster),
    queryFn: ({ signal }) => apiRequest(apiPath(cluster, 'node'), { schema: NodeList, signal }),
    select: toNodeRows,
  });
}
