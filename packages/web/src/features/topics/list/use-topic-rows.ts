import type { GroupsListView } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  groupsForTopicsQuery,
  lastRecordsQuery,
  type TopicListParams,
  topicListQuery,
  trafficQuery,
} from '../api';
import { toTopicRows } from './topic-rows';

type Options = {
  cluster: string;
  params: TopicListParams;
  groupsListView: GroupsListView;
  enabled: boolean;
  lastRecord: boolean;
  groups: boolean;
};

/**
 * One page of topics, then one batched last-record call, one batched /group/topics call and one batched
 * traffic call for that page's names (docs/behaviour.md#topic-list: the detail columns fill in after the rows
 * appear).
 */
export function useTopicRows({ cluster, params, groupsListView, enabled, lastRecord, groups }: Options) {
  const list = useQuery({ ...topicListQuery(cluster, params), enabled });
  const current = list.isPlaceholderData ? undefined : list.data;
  const names = useMemo(() => current?.results.map((topic) => topic.name) ?? [], [current]);
  const lastRecords = useQuery({
    ...lastRecordsQuery(cluster, names),
    enabled: lastRecord && names.length > 0,
  });
  const topicGroups = useQuery({
    ...groupsForTopicsQuery(cluster, names, groupsListView),
    enabled: groups && names.length > 0,
  });
  const traffic = useQuery({ ...trafficQuery(cluster, names), enabled: names.length > 0 });
  const rows = useMemo(
    () => toTopicRows(current?.results ?? [], lastRecords.data, topicGroups.data, traffic.data?.topics),
    [current, lastRecords.data, topicGroups.data, traffic.data],
  );
  return { list, current, rows };
}
