import {
  AccessControlList,
  ConfigList,
  ConsumerGroupList,
  GROUPS_MORE_HEADER,
  type GroupsListView,
  LastRecords,
  LogDirList,
  PartitionList,
  parseGroupsMore,
  Topic,
  TopicDefaults,
  TopicList,
  type TopicListView,
  type TopicSortColumn,
  TopicsTraffic,
} from '@console/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { clusterKeys } from '../clusters/api';

export type TopicListParams = {
  search: string;
  show: TopicListView;
  page: number;
  uiPageSize: number | undefined;
  sort?: TopicSortColumn | undefined;
  order?: 'asc' | 'desc' | undefined;
};

export const topicKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'topics'] as const,
  list: (cluster: string, params: TopicListParams) => [...topicKeys.all(cluster), 'list', params] as const,
  lastRecords: (cluster: string, topics: readonly string[]) =>
    [...topicKeys.all(cluster), 'last-record', topics] as const,
  traffic: (cluster: string, topics: readonly string[]) =>
    [...topicKeys.all(cluster), 'traffic', topics] as const,
  groups: (cluster: string, topics: readonly string[], view: GroupsListView) =>
    [...topicKeys.all(cluster), 'groups-of', view, topics] as const,
  detail: (cluster: string, topic: string) => [...topicKeys.all(cluster), 'detail', topic] as const,
  part: (cluster: string, topic: string, part: string, ...rest: string[]) =>
    [...topicKeys.detail(cluster, topic), part, ...rest] as const,
  defaults: () => ['topic-defaults'] as const,
};

const topicPath = (cluster: string, topic: string, ...rest: string[]) =>
  apiPath(cluster, 'topic', topic, ...rest);

export function topicListQuery(cluster: string, params: TopicListParams) {
  return queryOptions({
    queryKey: topicKeys.list(cluster, params),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'topic'), { query: params, schema: TopicList, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One batched call for the page's topics (docs/behaviour.md#topic-list), never one per topic. */
export function lastRecordsQuery(cluster: string, topics: readonly string[]) {
  return queryOptions({
    queryKey: topicKeys.lastRecords(cluster, topics),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'topic', 'last-record'), {
        query: { topics: topics.join(',') },
        schema: LastRecords,
        signal,
      }),
    enabled: topics.length > 0,
  });
}

/** The page's topics' records per hour over the last 24 hours, one batched call (the sparkline column). */
export function trafficQuery(cluster: string, topics: readonly string[]) {
  return queryOptions({
    queryKey: topicKeys.traffic(cluster, topics),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'topic', 'traffic'), {
        query: { topics: topics.join(',') },
        schema: TopicsTraffic,
        signal,
      }),
    enabled: topics.length > 0,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** Groups a topic shows in the topic list's column; the rest are counted (`more`) and listed on its Groups tab. */
export const GROUPS_PER_TOPIC = 10;

export function groupsForTopicsQuery(cluster: string, topics: readonly string[], view: GroupsListView) {
  return queryOptions({
    queryKey: topicKeys.groups(cluster, topics, view),
    queryFn: async ({ signal }) => {
      let more: Record<string, number> = {};
      const groups = await apiRequest(apiPath(cluster, 'group', 'topics'), {
        query: { topics: topics.join(','), groupsListView: view, perTopic: GROUPS_PER_TOPIC },
        schema: ConsumerGroupList,
        signal,
        onHeaders: (headers) => {
          more = parseGroupsMore(headers.get(GROUPS_MORE_HEADER));
        },
      });
      return { groups, more };
    },
    enabled: topics.length > 0,
  });
}

export function topicQuery(cluster: string, topic: string) {
  return queryOptions({
    queryKey: topicKeys.part(cluster, topic, 'topic'),
    queryFn: ({ signal }) => apiRequest(topicPath(cluster, topic), { schema: Topic, signal }),
  });
}

export function topicPartitionsQuery(cluster: string, topic: string) {
  return queryOptions({
    queryKey: topicKeys.part(cluster, topic, 'partitions'),
    queryFn: ({ signal }) =>
      apiRequest(topicPath(cluster, topic, 'partitions'), { schema: PartitionList, signal }),
  });
}

export function topicConfigsQuery(cluster: string, topic: string) {
  return queryOptions({
    queryKey: topicKeys.part(cluster, topic, 'configs'),
    queryFn: ({ signal }) => apiRequest(topicPath(cluster, topic, 'configs'), { schema: ConfigList, signal }),
  });
}

export function topicGroupsQuery(cluster: string, topic: string, view: GroupsListView) {
  return queryOptions({
    queryKey: topicKeys.part(cluster, topic, 'groups', view),
    queryFn: ({ signal }) =>
      apiRequest(topicPath(cluster, topic, 'groups'), {
        query: { groupsListView: view },
        schema: ConsumerGroupList,
        signal,
      }),
  });
}

export function topicLogsQuery(cluster: string, topic: string) {
  return queryOptions({
    queryKey: topicKeys.part(cluster, topic, 'logs'),
    queryFn: ({ signal }) => apiRequest(topicPath(cluster, topic, 'logs'), { schema: LogDirList, signal }),
  });
}

export function topicAclsQuery(cluster: string, topic: string) {
  return queryOptions({
    queryKey: topicKeys.part(cluster, topic, 'acls'),
    queryFn: ({ signal }) =>
      apiRequest(topicPath(cluster, topic, 'acls'), { schema: AccessControlList, signal }),
  });
}

/** The create form's starting values; they rarely change, so one read per session is enough. */
export function topicDefaultsQuery() {
  return queryOptions({
    queryKey: topicKeys.defaults(),
    queryFn: ({ signal }) =>
      apiRequest(apiPath('topic', 'defaults-configs'), { schema: TopicDefaults, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
