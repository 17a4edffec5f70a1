import { CopyResult, DataRecord, type ProduceBody, ProducedRecords } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { useToasts } from '../../components/toasts/toast-context';
import { topicKeys } from '../topics/api';

function useInvalidateTopic(cluster: string) {
  const client = useQueryClient();
  return (topic: string) => client.invalidateQueries({ queryKey: topicKeys.detail(cluster, topic) });
}

/** `POST …/data`; a 400 is toasted like any error and its fields also show under the form's inputs. */
export function useProduce(cluster: string, topic: string) {
  const toasts = useToasts();
  const invalidate = useInvalidateTopic(cluster);
  return useMutation({
    mutationFn: (body: ProduceBody) =>
      apiRequest(apiPath(cluster, 'topic', topic, 'data'), {
        method: 'POST',
        body,
        schema: ProducedRecords,
      }),
    onSuccess: () => {
      toasts.success(`Produced to ${topic}.`);
      return invalidate(topic);
    },
  });
}

/**
 * A tombstone for the record's key (docs/api-conventions.md#delete-and-empty); the key goes as base64 of its
 * bytes.
 */
export function useDeleteRecord(cluster: string, topic: string) {
  const toasts = useToasts();
  const invalidate = useInvalidateTopic(cluster);
  return useMutation({
    mutationFn: (target: { partition: number; offset: number; key: string }) =>
      apiRequest(apiPath(cluster, 'topic', topic, 'data'), {
        method: 'DELETE',
        query: { partition: target.partition, key: target.key },
        schema: DataRecord,
      }),
    onSuccess: (_record, target) => {
      toasts.success(`Record '${target.partition}-${target.offset}' will be deleted on compaction`);
      return invalidate(topic);
    },
  });
}

export type CopyTarget = {
  toCluster: string;
  toTopic: string;
  offsets: { partition: number; offset: number }[];
};

export function useCopyTopic(cluster: string, topic: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ toCluster, toTopic, offsets }: CopyTarget) =>
      apiRequest(apiPath(cluster, 'topic', topic, 'copy', toCluster, 'topic', toTopic), {
        method: 'POST',
        body: offsets,
        schema: CopyResult,
      }),
    onSuccess: (result, target) => {
      toasts.success(`Copied ${result.records} records to topic '${target.toTopic}' successfully.`);
      if (result.stopped) {
        toasts.warning(`The copy stopped early (${result.stopped} budget); copy again to go on.`);
      }
      return client.invalidateQueries({ queryKey: topicKeys.detail(target.toCluster, target.toTopic) });
    },
  });
}
