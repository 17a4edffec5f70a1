import { LagAlertList, LagHistory } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { clusterKeys } from '../clusters/api';

export const LAG_RANGES = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 } as const;
export type LagRange = keyof typeof LAG_RANGES;

export const lagKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'lag'] as const,
  history: (cluster: string, group: string, range: LagRange) =>
    [...lagKeys.all(cluster), 'history', group, range] as const,
  alerts: (cluster: string) => [...lagKeys.all(cluster), 'alerts'] as const,
};

/** A group's lag per topic over the range ending now; refreshed every minute. */
export function lagHistoryQuery(cluster: string, group: string, range: LagRange) {
  return queryOptions({
    queryKey: lagKeys.history(cluster, group, range),
    queryFn: ({ signal }) => {
      const to = Date.now();
      return apiRequest(apiPath(cluster, 'group', group, 'lag-history'), {
        query: { from: String(to - LAG_RANGES[range]), to: String(to) },
        schema: LagHistory,
        signal,
      });
    },
    refetchInterval: 60_000,
    meta: { silent: true },
  });
}

/** The lag alerts firing now on the cluster (shown beside the groups they name). */
export function lagAlertsQuery(cluster: string) {
  return queryOptions({
    queryKey: lagKeys.alerts(cluster),
    queryFn: ({ signal }) => apiRequest(apiPath(cluster, 'lag-alerts'), { schema: LagAlertList, signal }),
    select: (list) => {
      const byGroup = new Map<string, string[]>();
      for (const a of list.alerts) byGroup.set(a.group, [...(byGroup.get(a.group) ?? []), a.rule]);
      return byGroup;
    },
    refetchInterval: 60_000,
    meta: { silent: true },
  });
}
