import { type GroupsListView, GroupsListViewParam } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { DataTable } from '../../components/data-table/data-table';
import { parseSearchParams } from '../../lib/url-state';
import { uiOptionsQuery } from '../clusters/api';
import { groupListColumns } from '../groups/group-columns';
import { topicGroupsQuery } from './api';

const SearchState = z.object({ groupsListView: GroupsListViewParam.optional().catch(undefined) });

/** Spec part 1 §2 Groups tab (the group list's columns); the view is kept in the query string. */
export function TopicGroupsTab({ cluster, topic }: { cluster: string; topic: string }) {
  const [params, setParams] = useSearchParams();
  const options = useQuery(uiOptionsQuery(cluster));
  const fallback = options.data?.topic.groupsDefaultView ?? 'ALL';
  const view = parseSearchParams(SearchState, params).groupsListView ?? fallback;
  const groups = useQuery({ ...topicGroupsQuery(cluster, topic, view), enabled: options.isSuccess });
  const columns = useMemo(() => groupListColumns(cluster), [cluster]);

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
