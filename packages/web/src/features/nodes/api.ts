import { ConfigList, LogDirList, NodeList, NodePartitionsList } from '@console/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { useToasts } from '../../components/toasts/toast-context';
import { clusterKeys } from '../clusters/api';

export const nodeKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'nodes'] as const,
  list: (cluster: string) => [...nodeKeys.all(cluster), 'list'] as const,
  partitions: (cluster: string) => [...nodeKeys.all(cluster), 'partitions'] as const,
  node: (cluster: string, node: string) => [...nodeKeys.all(cluster), 'node', node] as const,
  configs: (cluster: string, node: string) => [...nodeKeys.node(cluster, node), 'configs'] as const,
  logs: (cluster: string, node: string) => [...nodeKeys.node(cluster, node), 'logs'] as const,
};

export function nodeListQuery(cluster: string) {
  return queryOptions({
    queryKey: nodeKeys.list(cluster),
    queryFn: ({ signal }) => apiRequest(apiPath(cluster, 'node'), { schema: NodeList, signal }),
  });
}

export function nodePartitionsQuery(cluster: string) {
  return queryOptions({
    queryKey: nodeKeys.partitions(cluster),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'node', 'partitions'), { schema: NodePartitionsList, signal }),
  });
}

export function nodeConfigsQuery(cluster: string, node: string) {
  return queryOptions({
    queryKey: nodeKeys.configs(cluster, node),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'node', node, 'configs'), { schema: ConfigList, signal }),
  });
}

export function nodeLogsQuery(cluster: string, node: string) {
  return queryOptions({
    queryKey: nodeKeys.logs(cluster, node),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'node', node, 'logs'), { schema: LogDirList, signal }),
  });
}

/** Sends only the changed keys; the broker keeps every other dynamic config as it was. */
export function useUpdateNodeConfigs(cluster: string, node: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (configs: Record<string, string>) =>
      apiRequest(apiPath(cluster, 'node', node, 'configs'), {
        method: 'POST',
        body: { configs },
        schema: ConfigList,
      }),
    onSuccess: () => {
      toasts.success(`Node configs '${node}' updated successfully.`);
      return client.invalidateQueries({ queryKey: nodeKeys.configs(cluster, node) });
    },
  });
}
