import { type ScramMechanism, ScramUser, ScramUserList, type ScramUserUpsert } from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { useToasts } from '../../components/toasts/toast-context';
import { clusterKeys } from '../clusters/api';

/** The search text and page of the list, as the address holds them. */
type ListParams = { search: string; page: number };

export const scramUserKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'scram-users'] as const,
  list: (cluster: string, params: ListParams) => [...scramUserKeys.all(cluster), 'list', params] as const,
};

export function scramUserListQuery(cluster: string, params: ListParams) {
  return queryOptions({
    queryKey: scramUserKeys.list(cluster, params),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'scram-users'), { query: params, schema: ScramUserList, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Creates or changes a credential; the password goes in this one request body and nowhere else. */
export function useUpsertScramUser(cluster: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScramUserUpsert) =>
      apiRequest(apiPath(cluster, 'scram-users'), { method: 'POST', body, schema: ScramUser }),
    onSuccess: (user, body) => toasts.success(`${body.mechanism} credential of ${user.user} saved`),
    onSettled: () => client.invalidateQueries({ queryKey: scramUserKeys.all(cluster) }),
  });
}

export function useDeleteScramUser(cluster: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ user, mechanism }: { user: string; mechanism?: ScramMechanism }) =>
      apiRequest(apiPath(cluster, 'scram-users', user), {
        method: 'DELETE',
        query: mechanism ? { mechanism } : {},
      }),
    onSuccess: (_, { user }) => toasts.success(`SCRAM credentials of ${user} deleted`),
    onSettled: () => client.invalidateQueries({ queryKey: scramUserKeys.all(cluster) }),
  });
}
