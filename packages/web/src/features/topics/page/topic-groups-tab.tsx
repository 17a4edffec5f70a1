import { type GroupsListView, GroupsListViewParam } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { parseSearchParams } from '../../../lib/url-state';
import { uiOptionsQuery } from '../../clusters/api';
import { groupListColumns } from '../../groups/group-columns';
import { lagAlertsQuery } from '../../lag/api';
import { TopicLagPanel } from '../../lag/lag-history-panel';
import { topicGroupsQuery } from '../api';

const SearchState = z.object({ groupsListView: GroupsListViewParam.optional().catch(undefined) });

/**
 * The Groups tab (docs/behaviour.md#topic-page) (the group list's columns); the view is kept in the query
 * string.
 */
export function TopicGroupsTab({ cluster, topic }: { cluster: string; topic: string }) {
  const [params, setParams] = useSearchParams();
  const options = useQuery(uiOptionsQuery(cluster));
  const fallback = options.data?.topic.groupsDefaultView ?? 'ALL';
  const view = parseSearchParams(SearchState, params).groupsListView ?? fallback;
  const groups = useQuery({ ...topicGroupsQuery(cluster, topic, view), enabled: options.isSuccess });
  const alerts = useQuery(lagAlertsQuery(cluster));
  const columns = useMemo(() => groupListColumns(cluster, alerts.data), [cluster, alerts.data]);

  return (
    <>
      <div className="tab-toolbar">
        <select
          className="select"
          aria-label="Consumer group view"
          value={view}
          onChange={(event) => setParams({ groupsListView: event.target.value as GroupsListView })}
        >
          <option value="ALL">Show all consumer groups</option>
          <option value="HIDE_EMPTY">Hide empty consumer groups</option>
        </select>
      </div>
      {groups.data && groups.data.length > 0 && (
        <TopicLagPanel cluster={cluster} topic={topic} groups={groups.data.map((g) => g.id)} />
      )}
      <DataTable
        label="Consumer Groups"
        data={groups.data}
        columns={columns}
        getRowId={(group) => group.id}
        loading={groups.isPending}
        failed={groups.isError}
      />
    </>
  );
}
