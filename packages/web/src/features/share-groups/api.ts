import { ShareGroup, ShareGroupList, type ShareOffsetReset } from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { useToasts } from '../../components/toasts/toast-context';
import { clusterKeys } from '../clusters/api';

export const shareGroupKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'share-groups'] as const,
  list: (cluster: string, params: { search: string; page: number }) =>
    [...shareGroupKeys.all(cluster), 'list', params] as const,
  detail: (cluster: string, group: string) => [...shareGroupKeys.all(cluster), 'detail', group] as const,
};

export function shareGroupListQuery(cluster: string, params: { search: string; page: number }) {
  return queryOptions({
    queryKey: shareGroupKeys.list(cluster, params),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'share-groups'), { query: params, schema: ShareGroupList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function shareGroupQuery(cluster: string, group: string) {
  return queryOptions({
    queryKey: shareGroupKeys.detail(cluster, group),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'share-groups', group), { schema: ShareGroup, signal }),
  });
}

export function useResetShareOffsets(cluster: string, group: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareOffsetReset) =>
      apiRequest(apiPath(cluster, 'share-groups', group, 'offsets'), { method: 'POST', body }),
    onSuccess: () => toasts.success(`Start offsets of '${group}' updated`),
    onSettled: () => client.invalidateQueries({ queryKey: shareGroupKeys.all(cluster) }),
  });
}

export function useDeleteShareGroup(cluster: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (group: string) => apiRequest(apiPath(cluster, 'share-groups', group), { method: 'DELETE' }),
    onSuccess: (_data, group) => toasts.success(`Share group '${group}' is deleted`),
    onSettled: () => client.invalidateQueries({ queryKey: shareGroupKeys.all(cluster) }),
  });
}
