import { type ProduceBody, ProducedRecords } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../api/base-path';
import { ApiError } from '../../../api/errors';
import { apiRequest } from '../../../api/http';
import { useToasts } from '../../../components/toasts/toast-context';
import { topicKeys } from '../../topics/api';

/**
 * Copies and file records, one `POST …/data` each, in order: a refusal stops the batch and says which
 * record failed and how many went before it (those stay produced: records cannot be taken back).
 */
export function useProduceBatch(cluster: string, topic: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (bodies: readonly ProduceBody[]) => {
      for (const [index, body] of bodies.entries()) {
        try {
          await apiRequest(apiPath(cluster, 'topic', topic, 'data'), {
            method: 'POST',
            body,
            schema: ProducedRecords,
          });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const message = `Record ${index + 1} of ${bodies.length} failed (${index} produced): ${error.message}`;
          throw new ApiError(error.status, message, error.details);
        }
      }
      return bodies.length;
    },
    onSuccess: (count) => toasts.success(`Produced ${count.toLocaleString('en')} records to ${topic}.`),
    onSettled: () => client.invalidateQueries({ queryKey: topicKeys.detail(cluster, topic) }),
  });
}
