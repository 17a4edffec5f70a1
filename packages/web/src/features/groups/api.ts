import {
  AccessControlList,
  ConsumerGroup,
  GroupLagTime,
  GroupList,
  GroupMember,
  GroupOffset,
  type GroupSortColumn,
  TimeOffsetList,
} from '@console/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { clusterKeys } from '../clusters/api';

export type GroupListParams = {
  search: string;
  page: number;
  sort?: GroupSortColumn | undefined;
  order?: 'asc' | 'desc' | undefined;
};

export const groupKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'groups'] as const,
  list: (cluster: string, params: GroupListParams) => [...groupKeys.all(cluster), 'list', params] as const,
  detail: (cluster: string, group: string) => [...groupKeys.all(cluster), 'detail', group] as const,
  part: (cluster: string, group: string, part: string) =>
    [...groupKeys.detail(cluster, group), part] as const,
};

const groupPath = (cluster: string, group: string, ...rest: string[]) =>
  apiPath(cluster, 'group', group, ...rest);

export function groupListQuery(cluster: string, params: GroupListParams) {
  return queryOptions({
    queryKey: groupKeys.list(cluster, params),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'group'), { query: params, schema: GroupList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function groupQuery(cluster: string, group: string) {
  return queryOptions({
    queryKey: groupKeys.part(cluster, group, 'group'),
    queryFn: ({ signal }) => apiRequest(groupPath(cluster, group), { schema: ConsumerGroup, signal }),
  });
}

export function groupMembersQuery(cluster: string, group: string) {
  return queryOptions({
    queryKey: groupKeys.part(cluster, group, 'members'),
    queryFn: ({ signal }) =>
      apiRequest(groupPath(cluster, group, 'members'), { schema: z.array(GroupMember), signal }),
  });
}

export function groupOffsetsQuery(cluster: string, group: string) {
  return queryOptions({
    queryKey: groupKeys.part(cluster, group, 'offsets'),
    queryFn: ({ signal }) =>
      apiRequest(groupPath(cluster, group, 'offsets'), { schema: z.array(GroupOffset), signal }),
  });
}

export function groupAclsQuery(cluster: string, group: string) {
  return queryOptions({
    queryKey: groupKeys.part(cluster, group, 'acls'),
    queryFn: ({ signal }) =>
      apiRequest(groupPath(cluster, group, 'acls'), { schema: AccessControlList, signal }),
  });
}

/** Each partition's first offset at or after the time (`yyyy-MM-dd'T'HH:mm:ss.SSS±hh:mm`). */
export function fetchGroupOffsetsAt(cluster: string, group: string, timestamp: string) {
  return apiRequest(groupPath(cluster, group, 'offsets', 'start'), {
    query: { timestamp },
    schema: TimeOffsetList,
  });
}

/**
 * Lag in time per partition, the group's highest and its time to clear
 * (docs/api-conventions.md#lag-in-time); refreshed every 10 s, which lets the server measure the rate
 * against its earlier sample.
 */
export function groupLagTimeQuery(cluster: string, group: string) {
  return queryOptions({
    queryKey: groupKeys.part(cluster, group, 'lag-time'),
    queryFn: ({ signal }) =>
      apiRequest(groupPath(cluster, group, 'lag-time'), { schema: GroupLagTime, signal }),
    refetchInterval: 10_000,
    meta: { silent: true },
  });
}
