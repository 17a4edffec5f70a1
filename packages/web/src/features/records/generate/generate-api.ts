import { type GenerateBody, GenerateResult } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../api/base-path';
import { apiRequest } from '../../../api/http';
import { useToasts } from '../../../components/toasts/toast-context';
import { topicKeys } from '../../topics/api';

/** How many values Preview shows. */
export const PREVIEW_COUNT = 5;

const call = (cluster: string, topic: string, body: GenerateBody, preview?: number) =>
  apiRequest(apiPath(cluster, 'topic', topic, 'data', 'generate'), {
    method: 'POST',
    ...(preview ? { query: { preview } } : {}),
    body,
    schema: GenerateResult,
  });

/** A few generated records, nothing written. Refusals show on the form, not as toasts. */
export function useGeneratePreview(cluster: string, topic: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: GenerateBody) => call(cluster, topic, body, PREVIEW_COUNT),
  });
}

/** Writes the records; a toast says how many. */
export function useGenerate(cluster: string, topic: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: GenerateBody) => call(cluster, topic, body),
    onSuccess: (result) => {
      toasts.success(`Generated ${result.written.toLocaleString()} records into topic '${topic}'.`);
      return client.invalidateQueries({ queryKey: topicKeys.detail(cluster, topic) });
    },
  });
}
