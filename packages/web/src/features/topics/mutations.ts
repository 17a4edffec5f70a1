import { ConfigList, Topic, type TopicCreate } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { useToasts } from '../../components/toasts/toast-context';
import { nodeKeys } from '../nodes/api';
import { topicKeys } from './api';

/** Creating or deleting topics changes the lists, the details and the nodes' partition shares. */
function useInvalidateTopics(cluster: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: topicKeys.all(cluster) }),
      client.invalidateQueries({ queryKey: nodeKeys.all(cluster) }),
    ]);
}

export function useDeleteTopic(cluster: string) {
  const toasts = useToasts();
  const invalidate = useInvalidateTopics(cluster);
  return useMutation({
    mutationFn: (topic: string) => apiRequest(apiPath(cluster, 'topic', topic), { method: 'DELETE' }),
    onSuccess: (_data, topic) => toasts.success(`Topic '${topic}' is deleted`),
    onSettled: invalidate,
  });
}

export function useCreateTopic(cluster: string) {
  const toasts = useToasts();
  const invalidate = useInvalidateTopics(cluster);
  return useMutation({
    mutationFn: (body: TopicCreate) =>
      apiRequest(apiPath(cluster, 'topic'), { method: 'POST', body, schema: Topic }),
    onSuccess: (topic) => {
      toasts.success(`Topic '${topic.name}' created`);
      return invalidate();
    },
  });
}

export function useIncreasePartitions(cluster: string, topic: string) {
  const toasts = useToasts();
  const invalidate = useInvalidateTopics(cluster);
  return useMutation({
    mutationFn: (partition: number) =>
      apiRequest(apiPath(cluster, 'topic', topic, 'partitions'), { method: 'POST', body: { partition } }),
    onSuccess: () => {
      toasts.success('Topic partition updated');
      return invalidate();
    },
  });
}

/** Sends only the changed keys (docs/behaviour.md#configs); the server applies them incrementally. */
export function useUpdateTopicConfigs(cluster: string, topic: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (configs: Record<string, string>) =>
      apiRequest(apiPath(cluster, 'topic', topic, 'configs'), {
        method: 'POST',
        body: { configs },
        schema: ConfigList,
      }),
    onSuccess: () => {
      toasts.success(`Topic configs '${topic}' updated successfully`);
      return client.invalidateQueries({ queryKey: topicKeys.detail(cluster, topic) });
    },
  });
}

export function useEmptyTopic(cluster: string, topic: string) {
  const toasts = useToasts();
  const invalidate = useInvalidateTopics(cluster);
  return useMutation({
    mutationFn: () => apiRequest(apiPath(cluster, 'topic', topic, 'data', 'empty'), { method: 'DELETE' }),
    onSuccess: () => toasts.success(`Topic '${topic}' will be emptied`),
    onSettled: invalidate,
  });
}
