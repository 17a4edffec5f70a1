import { type QuotaAlter, QuotaList } from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { useToasts } from '../../components/toasts/toast-context';
import { clusterKeys } from '../clusters/api';

export const quotaKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'quotas'] as const,
  list: (cluster: string, search: string) => [...quotaKeys.all(cluster), 'list', search] as const,
};

export function quotaListQuery(cluster: string, search: string) {
  return queryOptions({
    queryKey: quotaKeys.list(cluster, search),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'quotas'), { query: search ? { search } : {}, schema: QuotaList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAlterQuota(cluster: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QuotaAlter) => apiRequest(apiPath(cluster, 'quotas'), { method: 'POST', body }),
    onSuccess: () => toasts.success('Quotas saved'),
    onSettled: () => client.invalidateQueries({ queryKey: quotaKeys.all(cluster) }),
  });
}
