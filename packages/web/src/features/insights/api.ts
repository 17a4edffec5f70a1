import { type InsightKind, InsightList, type InsightSeverity } from '@console/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { clusterKeys } from '../clusters/api';

/** The filters and page of the Insights list, as the address holds them. */
export type InsightParams = {
  severity?: InsightSeverity | undefined;
  kind?: InsightKind | undefined;
  page: number;
};

export const insightKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'insights'] as const,
  list: (cluster: string, params: InsightParams) => [...insightKeys.all(cluster), 'list', params] as const,
};

/** One page of findings; the server computes them at most every 30 s, so the page refreshes as often. */
export function insightListQuery(cluster: string, params: InsightParams) {
  return queryOptions({
    queryKey: insightKeys.list(cluster, params),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'insights'), { query: params, schema: InsightList, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
