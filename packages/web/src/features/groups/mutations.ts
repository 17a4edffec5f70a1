import { OffsetPreview, type OffsetUpdate } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { useToasts } from '../../components/toasts/toast-context';
import { topicKeys } from '../topics/api';
import { groupKeys } from './api';

/** Group writes change the group lists, its details and the topics' group columns. */
function useInvalidateGroups(cluster: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: groupKeys.all(cluster) }),
      client.invalidateQueries({ queryKey: topicKeys.all(cluster) }),
    ]);
}

export function useDeleteGroup(cluster: string) {
  const toasts = useToasts();
  const invalidate = useInvalidateGroups(cluster);
  return useMutation({
    mutationFn: (group: string) => apiRequest(apiPath(cluster, 'group', group), { method: 'DELETE' }),
    onSuccess: (_data, group) => toasts.success(`Consumer Group '${group}' is deleted`),
    onSettled: invalidate,
  });
}

/** The preview (`dryRun=true`): commits nothing. */
export function usePreviewOffsets(cluster: string, group: string) {
  return useMutation({
    mutationFn: (body: OffsetUpdate) =>
      apiRequest(apiPath(cluster, 'group', group, 'offsets'), {
        method: 'POST',
        query: { dryRun: 'true' },
        body,
        schema: OffsetPreview,
      }),
  });
}

export function useUpdateOffsets(cluster: string, group: string) {
  const toasts = useToasts();
  const invalidate = useInvalidateGroups(cluster);
  return useMutation({
    mutationFn: (body: OffsetUpdate) =>
      apiRequest(apiPath(cluster, 'group', group, 'offsets'), { method: 'POST', body }),
    onSuccess: () => {
      toasts.success(`Offsets for '${group}' updated successfully`);
      return invalidate();
    },
  });
}

export function useDeleteTopicOffsets(cluster: string, group: string) {
  const toasts = useToasts();
  const invalidate = useInvalidateGroups(cluster);
  return useMutation({
    mutationFn: (topic: string) =>
      apiRequest(apiPath(cluster, 'group', group, 'topic', topic), { method: 'DELETE' }),
    onSuccess: (_data, topic) =>
      toasts.success(`Offsets for topic '${topic}' and consumer group '${group}' are deleted`),
    onSettled: invalidate,
  });
}
