import {
  type ReassignmentCancel,
  ReassignmentList,
  type ReassignmentRequest,
  ReassignmentResult,
  ReplicationChangeResult,
} from '@console/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { useToasts } from '../../components/toasts/toast-context';
import { clusterKeys } from '../clusters/api';
import { topicKeys } from '../topics/api';

export const reassignmentKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'reassignments'] as const,
};

/** Refreshed every 5 s while the page is open: a move's progress is what it is for. */
export function reassignmentsQuery(cluster: string) {
  return queryOptions({
    queryKey: reassignmentKeys.all(cluster),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'reassignments'), { schema: ReassignmentList, signal }),
    refetchInterval: 5_000,
  });
}

function useInvalidate(cluster: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: reassignmentKeys.all(cluster) }),
      client.invalidateQueries({ queryKey: topicKeys.all(cluster) }),
    ]);
}

/** Kafka answers per partition: the refused ones are reported with its reason. */
function report(toasts: ReturnType<typeof useToasts>, what: string, result: ReassignmentResult) {
  const refused = result.partitions.filter((p) => p.error);
  if (refused.length === 0) toasts.success(what);
  else toasts.error(refused.map((p) => `${p.topic}[${p.partition}]: ${p.error}`).join('; '));
}

export function useStartReassignment(cluster: string) {
  const toasts = useToasts();
  const invalidate = useInvalidate(cluster);
  return useMutation({
    mutationFn: (body: ReassignmentRequest) =>
      apiRequest(apiPath(cluster, 'reassignments'), { method: 'POST', body, schema: ReassignmentResult }),
    onSuccess: (result) => report(toasts, 'Reassignment started', result),
    onSettled: invalidate,
  });
}

export function useCancelReassignment(cluster: string) {
  const toasts = useToasts();
  const invalidate = useInvalidate(cluster);
  return useMutation({
    mutationFn: (body: ReassignmentCancel) =>
      apiRequest(apiPath(cluster, 'reassignments'), { method: 'DELETE', body, schema: ReassignmentResult }),
    onSuccess: (result) => report(toasts, 'Reassignment cancelled', result),
    onSettled: invalidate,
  });
}

export function useChangeReplication(cluster: string) {
  const toasts = useToasts();
  const invalidate = useInvalidate(cluster);
  return useMutation({
    mutationFn: ({ topic, ...body }: { topic: string; replicationFactor: number; throttle?: number }) =>
      apiRequest(apiPath(cluster, 'topic', topic, 'replication'), {
        method: 'POST',
        body,
        schema: ReplicationChangeResult,
      }),
    onSuccess: (result) => report(toasts, 'Replication factor change started', result),
    onSettled: invalidate,
  });
}

export function useRemoveThrottle(cluster: string) {
  const toasts = useToasts();
  const invalidate = useInvalidate(cluster);
  return useMutation({
    mutationFn: (topics: string[]) =>
      apiRequest(apiPath(cluster, 'reassignments', 'throttle'), {
        method: 'DELETE',
        query: { topics: topics.join(',') },
      }),
    onSuccess: () => toasts.success('Replication throttle removed'),
    onSettled: invalidate,
  });
}
