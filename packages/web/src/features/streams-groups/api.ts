import { OffsetPreview, StreamsGroup, StreamsGroupList, type StreamsOffsetReset } from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { useToasts } from '../../components/toasts/toast-context';
import { clusterKeys } from '../clusters/api';

export const streamsGroupKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'streams-groups'] as const,
  list: (cluster: string, params: { search: string; page: number }) =>
    [...streamsGroupKeys.all(cluster), 'list', params] as const,
  detail: (cluster: string, group: string) => [...streamsGroupKeys.all(cluster), 'detail', group] as const,
};

export function streamsGroupListQuery(cluster: string, params: { search: string; page: number }) {
  return queryOptions({
    queryKey: streamsGroupKeys.list(cluster, params),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'streams-group'), { query: params, schema: StreamsGroupList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function streamsGroupQuery(cluster: string, group: string) {
  return queryOptions({
    queryKey: streamsGroupKeys.detail(cluster, group),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'streams-group', group), { schema: StreamsGroup, signal }),
    // A running app rebalances and moves its lag: the page follows it.
    refetchInterval: 5_000,
  });
}

/** The reset's preview: nothing is committed. */
export function usePreviewStreamsReset(cluster: string, group: string) {
  return useMutation({
    mutationFn: (body: StreamsOffsetReset) =>
      apiRequest(apiPath(cluster, 'streams-group', group, 'offsets'), {
        method: 'POST',
        query: { dryRun: 'true' },
        body,
        schema: OffsetPreview,
      }),
  });
}

export function useResetStreamsOffsets(cluster: string, group: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StreamsOffsetReset) =>
      apiRequest(apiPath(cluster, 'streams-group', group, 'offsets'), {
        method: 'POST',
        body,
        schema: OffsetPreview,
      }),
    onSuccess: () => toasts.success(`Offsets of '${group}' updated`),
    onSettled: () => client.invalidateQueries({ queryKey: streamsGroupKeys.all(cluster) }),
  });
}

export function useDeleteStreamsGroup(cluster: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (group: string) => apiRequest(apiPath(cluster, 'streams-group', group), { method: 'DELETE' }),
    onSuccess: (_data, group) => toasts.success(`Streams group '${group}' is deleted`),
    onSettled: () => client.invalidateQueries({ queryKey: streamsGroupKeys.all(cluster) }),
  });
}
