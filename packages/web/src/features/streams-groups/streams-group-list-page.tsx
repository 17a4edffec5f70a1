import type { StreamsGroupSummary } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useClusterScope } from '../../auth/cluster-context';
import { ListPage } from '../../components/list-page/list-page';
import { SearchBar, useSearchPage } from '../../components/search-bar/search-bar';
import { GroupTypeTabs } from '../share-groups/group-type-tabs';
import { streamsGroupListQuery } from './api';
import { streamsGroupPath } from './paths';
import { ProtocolBadge, StateBadge } from './streams-badges';

const column = createColumnHelper<StreamsGroupSummary>();

/**
 * Kafka Streams apps beside the consumer and share groups: groups of the streams protocol and classic
 * apps recognised by their internal topics, a page at a time by id (search and page in the address).
 */
export function StreamsGroupListPage() {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const url = useSearchPage();
  const list = useQuery(streamsGroupListQuery(cluster.id, url.params));
  const columns = useMemo(
    () => [
      column.accessor('id', {
        header: 'Application id',
        cell: ({ getValue }) => <Link to={streamsGroupPath(cluster.id, getValue())}>{getValue()}</Link>,
      }),
      column.accessor('protocol', {
        header: 'Protocol',
        cell: ({ getValue }) => <ProtocolBadge protocol={getValue()} />,
      }),
      column.accessor('state', {
        header: 'State',
        cell: ({ getValue }) => <StateBadge state={getValue()} />,
      }),
      column.accessor('internalTopics', {
        header: 'Internal topics',
        cell: ({ getValue }) => getValue().length,
      }),
    ],
    [cluster.id],
  );
  const actions = useMemo(
    () => ({ details: (row: StreamsGroupSummary) => navigate(streamsGroupPath(cluster.id, row.id)) }),
    [navigate, cluster.id],
  );
  return (
    <ListPage
      title="Streams Apps"
      header={<GroupTypeTabs current="streams" />}
      filters={
        <SearchBar
          label="Streams app search"
          inputLabel="Search Streams apps"
          list={url}
          pages={list.data?.page}
        />
      }
      beforeTable={list.data?.notice ? <p className="streams-notice">{list.data.notice}</p> : undefined}
      query={list}
      rows={list.data?.results}
      table={{ label: 'Streams apps', columns, getRowId: (g) => g.id, emptyText: 'No Streams apps', actions }}
    />
  );
}
