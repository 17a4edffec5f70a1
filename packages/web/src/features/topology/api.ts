import { Topology } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { clusterKeys } from '../clusters/api';

/** Where a map starts: a topic, a node id, or a search. */
export type FlowStart = { topic: string } | { node: string } | { q: string };

export const topologyKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'topology'] as const,
  map: (cluster: string, start: FlowStart, depth: number) =>
    [...topologyKeys.all(cluster), start, depth] as const,
};

export function topologyQuery(cluster: string, start: FlowStart, depth = 1) {
  return queryOptions({
    queryKey: topologyKeys.map(cluster, start, depth),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'topology'), { query: { ...start, depth }, schema: Topology, signal }),
    staleTime: 15_000,
  });
}
