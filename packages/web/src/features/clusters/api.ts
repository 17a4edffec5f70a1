import { ClusterCapabilities, ClusterList, UiOptions } from '@console/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { isAbortError } from '../../api/errors';
import { apiRequest } from '../../api/http';
import { sortClusters } from './sort-clusters';
import { defaultUiOptions, readCachedUiOptions, writeCachedUiOptions } from './ui-options-cache';

export const clusterKeys = {
  all: ['clusters'] as const,
  list: () => [...clusterKeys.all, 'list'] as const,
  uiOptions: (cluster: string) => [...clusterKeys.all, cluster, 'ui-options'] as const,
  capabilities: (cluster: string) => [...clusterKeys.all, cluster, 'capabilities'] as const,
};

/**
 * What the cluster's Kafka release can do (its ApiVersions answer), for the menu to hide what an older
 * release lacks. A failure leaves every entry shown: the pages then explain themselves.
 */
export function capabilitiesQuery(cluster: string) {
  return queryOptions({
    queryKey: clusterKeys.capabilities(cluster),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'capabilities'), { schema: ClusterCapabilities, signal }),
    staleTime: 10 * 60_000,
    retry: false,
    meta: { silent: true },
  });
}

export function clustersQuery() {
  return queryOptions({
    queryKey: clusterKeys.list(),
    queryFn: ({ signal }) => apiRequest('cluster', { schema: ClusterList, signal }),
    select: sortClusters,
    staleTime: 5 * 60_000,
  });
}

/**
 * Read from browser storage when cached there, else fetched and cached; a failure is logged only and
 * the defaults apply (docs/behaviour.md#errors-and-messages).
 */
export function uiOptionsQuery(cluster: string) {
  return queryOptions({
    queryKey: clusterKeys.uiOptions(cluster),
    queryFn: async ({ signal }) => {
      const cached = readCachedUiOptions(cluster);
      if (cached) return cached;
      try {
        const options = await apiRequest(apiPath(cluster, 'ui-options'), { schema: UiOptions, signal });
        writeCachedUiOptions(cluster, options);
        return options;
      } catch (error) {
        if (isAbortError(error)) throw error;
        console.warn(`UI options for cluster '${cluster}' unavailable, using defaults`, error);
        return defaultUiOptions;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}

/**
 * The Settings page's save (docs/api-conventions.md#settings: no server write exists): kept in browser
 * storage, where `uiOptionsQuery` reads it first, so every screen takes it as its defaults from now on.
 */
export function saveUiOptions(queryClient: QueryClient, cluster: string, options: UiOptions): void {
  writeCachedUiOptions(cluster, options);
  queryClient.setQueryData(clusterKeys.uiOptions(cluster), options);
}
