import {
  KsqlDbQueryList,
  KsqlDbQueryResult,
  KsqlDbServerInfo,
  KsqlDbStatementResult,
  KsqlDbStreamList,
  KsqlDbTableList,
} from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { clusterKeys } from '../clusters/api';

export type KsqlListParams = { search: string; page: number };
export type KsqlSource = 'streams' | 'tables' | 'queries';

const keys = (cluster: string, ksqlDb: string) => [...clusterKeys.all, cluster, 'ksqldb', ksqlDb] as const;
const path = (cluster: string, ksqlDb: string, ...rest: string[]) =>
  apiPath(cluster, 'ksqldb', ksqlDb, ...rest);
/** Streams and tables have the same shape (docs/api-conventions.md#ksqldb-objects). */
export function ksqlSourcesQuery(
  cluster: string,
  ksqlDb: string,
  kind: 'streams' | 'tables',
  params: KsqlListParams,
) {
  return queryOptions({
    queryKey: [...keys(cluster, ksqlDb), kind, params],
    queryFn: ({ signal }) =>
      apiRequest(path(cluster, ksqlDb, kind), {
        query: params,
        schema: kind === 'streams' ? KsqlDbStreamList : KsqlDbTableList,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function ksqlQueriesQuery(cluster: string, ksqlDb: string, params: KsqlListParams) {
  return queryOptions({
    queryKey: [...keys(cluster, ksqlDb), 'queries', params],
    queryFn: ({ signal }) =>
      apiRequest(path(cluster, ksqlDb, 'queries'), { query: params, schema: KsqlDbQueryList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function ksqlInfoQuery(cluster: string, ksqlDb: string) {
  return queryOptions({
    queryKey: [...keys(cluster, ksqlDb), 'info'],
    queryFn: ({ signal }) => apiRequest(path(cluster, ksqlDb, 'info'), { schema: KsqlDbServerInfo, signal }),
  });
}

export function useRunQuery(cluster: string, ksqlDb: string) {
  return useMutation({
    mutationFn: (body: { sql: string; properties: Record<string, string> }) =>
      apiRequest(path(cluster, ksqlDb, 'queries', 'pull'), {
        method: 'PUT',
        body,
        schema: KsqlDbQueryResult,
      }),
  });
}

export function useRunStatement(cluster: string, ksqlDb: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { sql: string }) =>
      apiRequest(path(cluster, ksqlDb, 'execute'), {
        method: 'PUT',
        body,
        schema: KsqlDbStatementResult,
        responseType: 'text',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: keys(cluster, ksqlDb) }),
  });
}
