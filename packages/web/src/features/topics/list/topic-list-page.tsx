import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState, SortingState } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../../auth/cluster-context';
import { ListPage } from '../../../components/list-page/list-page';
import { serverSorting, sortParams } from '../../../lib/server-sort';
import { uiOptionsQuery } from '../../clusters/api';
import { streamsGroupPath } from '../../streams-groups/paths';
import { topicDefaultsQuery } from '../api';
import { DeleteTopicDialog } from '../forms/delete-topic-dialog';
import { topicPaths } from '../topic-paths';
import { useSavedSearchOnLoad } from '../use-saved-search';
import { isStreamsAppRow, STREAMS_APP_ROW } from './streams-fold';
import { StreamsAppTopics } from './streams-fold-cells';
import { TopicBulkActions } from './topic-bulk-actions';
import { TOPIC_SORT_COLUMNS, topicColumns } from './topic-columns';
import { TopicFilterBar, type TopicFilters } from './topic-filter-bar';
import {
  clearSavedSearch,
  parseTopicListUrl,
  readSavedSearch,
  type TopicListUrlState,
  topicListUrl,
  writeSavedSearch,
} from './topic-list-search';
import type { TopicRow } from './topic-rows';
import { useStreamsFold } from './use-streams-fold';
import { useTopicRows } from './use-topic-rows';
import '../topics.css';

/** docs/behaviour.md#topic-list; the address is the state, page moves replace the history entry. */
export function TopicListPage() {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const ready = useSavedSearchOnLoad();
  const [params, setParams] = useSearchParams();
  const url = parseTopicListUrl(params);
  const options = useQuery(uiOptionsQuery(cluster.id));
  const topicOptions = options.data?.topic ?? {};
  const canCreate = useCan('TOPIC', 'CREATE');
  const canDelete = useCan('TOPIC', 'DELETE');
  const canReadData = useCan('TOPIC_DATA', 'READ');
  const showLastRecord = canReadData && !topicOptions.skipLastRecord;
  const showGroups = useCan('CONSUMER_GROUP', 'READ') && !topicOptions.skipConsumerGroups;
  const showStreamsFold = useCan('CONSUMER_GROUP', 'READ');
  const [keepSearch, setKeepSearch] = useState(() => readSavedSearch() !== null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const client = useQueryClient();
  useEffect(() => {
    // The create link carries the defaults: the form finds them in the cache (docs/behaviour.md#topic-list).
    if (canCreate) void client.prefetchQuery(topicDefaultsQuery());
  }, [canCreate, client]);

  const filters: TopicFilters = {
    search: url.search,
    topicListView: url.topicListView ?? topicOptions.defaultView ?? 'HIDE_INTERNAL',
    groupsListView: url.groupsListView ?? topicOptions.groupsDefaultView ?? 'ALL',
  };
  const {
    list,
    current,
    rows: topicRows,
  } = useTopicRows({
    cluster: cluster.id,
    params: {
      search: url.search,
      show: filters.topicListView,
      page: url.page,
      uiPageSize: url.uiPageSize,
      sort: url.sort,
      order: url.order,
    },
    groupsListView: filters.groupsListView,
    enabled: ready && options.isSuccess,
    lastRecord: showLastRecord,
    groups: showGroups,
  });

  const fold = useStreamsFold(cluster.id, topicRows, showStreamsFold && url.fold === 'streams');
  const rows = fold.rows;

  const defaultTab = canReadData ? 'data' : 'configs';
  const columns = useMemo(
    () =>
      topicColumns({
        cluster: cluster.id,
        topicHref: (topic) => topicPaths.topic(cluster.id, topic, defaultTab),
        lastRecord: showLastRecord ? { format: options.data?.topicData.dateTimeFormat ?? 'RELATIVE' } : null,
        groups: showGroups ? { startExpanded: topicOptions.showAllConsumerGroups ?? false } : null,
      }),
    [cluster.id, defaultTab, showLastRecord, showGroups, options.data, topicOptions.showAllConsumerGroups],
  );
  const actions = useMemo(() => {
    // A folded Streams app row opens the app's page: its group is deleted there, its topics one by one.
    const open = (row: TopicRow, tab: string, topic: () => void) =>
      row.streamsApp ? navigate(streamsGroupPath(cluster.id, row.streamsApp.id, tab)) : topic();
    return {
      details: (row: TopicRow) =>
        open(row, 'members', () => navigate(topicPaths.topic(cluster.id, row.name, defaultTab))),
      config: (row: TopicRow) =>
        open(row, 'topology', () => navigate(topicPaths.topic(cluster.id, row.name, 'configs'))),
      ...(canDelete ? { delete: (row: TopicRow) => open(row, 'members', () => setToDelete(row.name)) } : {}),
    };
  }, [navigate, cluster.id, defaultTab, canDelete]);

  const go = (next: TopicListUrlState, replace: boolean) => setParams(topicListUrl(next), { replace });
  const sorting = serverSorting(TOPIC_SORT_COLUMNS, url.sort, url.order);
  const sort = (next: SortingState) => {
    const { sort, order } = sortParams(TOPIC_SORT_COLUMNS, next);
    go({ ...url, sort: sort as TopicListUrlState['sort'], order, page: 1 }, false);
  };
  const [selection, setSelection] = useState<RowSelectionState>({});
  const selected = Object.keys(selection).filter((name) => selection[name] && !isStreamsAppRow(name));
  const totalPages = current?.page ?? list.data?.page ?? 1;
  useEffect(() => {
    // A page past the end (after deletes, or an old link) moves to the last page.
    if (current && current.page > 0 && url.page > current.page) {
      setParams(topicListUrl({ ...url, page: current.page }), { replace: true });
    }
  }, [current, url, setParams]);

  const search = (next: TopicFilters) => {
    const state = { ...url, ...next, page: 1 };
    if (keepSearch) writeSavedSearch(state);
    go(state, false);
  };
  const keep = (checked: boolean) => {
    setKeepSearch(checked);
    if (checked) writeSavedSearch({ ...url, ...filters });
    else clearSavedSearch();
  };

  return (
    <ListPage
      title="Topics"
      actions={
        canCreate && (
          <Link className="btn btn--primary" to={topicPaths.create(cluster.id)}>
            Create a topic
          </Link>
        )
      }
      filters={
        <TopicFilterBar
          key={`${filters.search}|${filters.topicListView}|${filters.groupsListView}`}
          filters={filters}
          showGroupsView={showGroups}
          keepSearch={keepSearch}
          onKeepSearch={keep}
          onSearch={search}
          pageSize={url.uiPageSize ?? list.data?.pageSize ?? 25}
          onPageSize={(size) => go({ ...url, uiPageSize: size, page: 1 }, false)}
          page={url.page}
          totalPages={totalPages}
          onPage={(page) => go({ ...url, page }, true)}
          {...(showStreamsFold
            ? {
                fold: {
                  on: url.fold === 'streams',
                  onChange: (on: boolean) => go({ ...url, fold: on ? 'streams' : undefined }, false),
                },
              }
            : {})}
        />
      }
      beforeTable={
        <TopicBulkActions cluster={cluster.id} selected={selected} onClear={() => setSelection({})} />
      }
      // Loading until this page's own rows arrive, not only the previous page kept as a placeholder.
      query={{ isPending: !current && !list.isError, isError: list.isError }}
      rows={rows}
      table={{
        label: 'Topics',
        columns,
        getRowId: (row) => (row.streamsApp ? `${STREAMS_APP_ROW}${row.name}` : row.name),
        rowName: (row) => (row.streamsApp ? `Streams app ${row.name}` : `topic ${row.name}`),
        ...(fold.on
          ? {
              renderSubRow: (row: TopicRow) => (
                <StreamsAppTopics
                  row={row}
                  topicHref={(topic) => topicPaths.topic(cluster.id, topic, defaultTab)}
                />
              ),
              canExpand: (row: TopicRow) => row.streamsApp !== undefined,
            }
          : {}),
        actions,
        sorting,
        onSortingChange: sort,
        manualSorting: true,
        selection,
        onSelectionChange: setSelection,
      }}
    >
      <DeleteTopicDialog cluster={cluster.id} topic={toDelete} onClose={() => setToDelete(null)} />
    </ListPage>
  );
}
