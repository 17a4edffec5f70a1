import { ClusterOverview } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { clusterKeys } from '../clusters/api';

export const overviewKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'overview'] as const,
};

/** The landing page's one call, refreshed every 30 s while it is open. */
export function overviewQuery(cluster: string) {
  return queryOptions({
    queryKey: overviewKeys.all(cluster),
    queryFn: ({ signal }) => apiRequest(apiPath(cluster, 'overview'), { schema: ClusterOverview, signal }),
    refetchInterval: 30_000,
  });
}
