import {
  OpenTransactionList,
  type TransactionAbort,
  TransactionAbortAnswer,
  TransactionList,
} from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { useToasts } from '../../components/toasts/toast-context';
import { clusterKeys } from '../clusters/api';

export const transactionKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'transactions'] as const,
  list: (cluster: string, params: ListParams) => [...transactionKeys.all(cluster), 'list', params] as const,
  open: (cluster: string, topic: string, minDurationMs: number) =>
    [...transactionKeys.all(cluster), 'open', topic, minDurationMs] as const,
};

/** The search text and page of a paged list, as the address holds them. */
type ListParams = { search: string; page: number };

export function transactionListQuery(cluster: string, params: ListParams) {
  return queryOptions({
    queryKey: transactionKeys.list(cluster, params),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'transactions'), {
        query: params,
        schema: TransactionList,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function openTransactionsQuery(cluster: string, topic: string, minDurationMs: number) {
  return queryOptions({
    queryKey: transactionKeys.open(cluster, topic, minDurationMs),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'transactions', 'open'), {
        query: { topic, minDurationMs },
        schema: OpenTransactionList,
        signal,
      }),
    enabled: topic !== '',
  });
}

export function useAbortTransaction(cluster: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TransactionAbort) =>
      apiRequest(apiPath(cluster, 'transactions', 'abort'), {
        method: 'POST',
        body,
        schema: TransactionAbortAnswer,
      }),
    onSuccess: (a) =>
      toasts.success(`Transaction of producer ${a.producerId} aborted on ${a.topic}-${a.partition}`),
    onSettled: () => client.invalidateQueries({ queryKey: transactionKeys.all(cluster) }),
  });
}
