import { BrokerMetrics, type MetricsRange } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiPath } from '../../../api/base-path';
import { apiRequest } from '../../../api/http';
import { nodeKeys } from '../api';

/** A broker's metrics over `range` up to now, from the cluster's Prometheus; refreshed every half minute. */
export function nodeMetricsQuery(cluster: string, node: string, range: MetricsRange) {
  return queryOptions({
    queryKey: [...nodeKeys.node(cluster, node), 'metrics', range],
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'node', node, 'metrics'), {
        query: { range },
        schema: BrokerMetrics,
        signal,
      }),
    refetchInterval: 30_000,
  });
}
