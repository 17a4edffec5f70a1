import type { KsqlDbQuery, KsqlDbStream } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { DataTable } from '../../components/data-table/data-table';
import type { AnyColumnDef } from '../../components/data-table/types';
import { JsonViewer } from '../../components/json-viewer/json-viewer';
import { Page } from '../../components/layout/page';
import { SearchBar, useSearchPage } from '../../components/search-bar/search-bar';
import { UrlTabs } from '../../components/tabs/url-tabs';
import { topicPaths } from '../topics/topic-paths';
import { type KsqlSource, ksqlInfoQuery, ksqlQueriesQuery, ksqlSourcesQuery } from './api';
import { ksqlPaths } from './ksqldb-paths';
import '../topics/topics.css';

const TABS = ['streams', 'tables', 'queries', 'info'] as const;
type Tab = (typeof TABS)[number];

const topicLink = (cluster: string, topic: string) => (
  <Link to={topicPaths.topic(cluster, topic)}>{topic}</Link>
);
const source = createColumnHelper<KsqlDbStream>();
const sourceColumns = (cluster: string): AnyColumnDef<KsqlDbStream>[] => [
  source.accessor('name', { header: 'Name', enableSorting: true }),
  source.accessor('topic', {
    header: 'Topic',
    enableSorting: true,
    cell: ({ getValue }) => topicLink(cluster, getValue()),
  }),
  source.accessor('keyFormat', { header: 'Key format', enableSorting: true }),
  source.accessor('valueFormat', { header: 'Value format', enableSorting: true }),
  source.accessor('isWindowed', {
    header: 'Is windowed',
    enableSorting: true,
    cell: ({ getValue }) => (getValue() ? 'true' : 'false'),
  }),
];
const query = createColumnHelper<KsqlDbQuery>();
const queryColumns = (cluster: string): AnyColumnDef<KsqlDbQuery>[] => [
  query.accessor('id', { header: 'Id', enableSorting: true }),
  query.accessor('queryType', { header: 'Query type', enableSorting: true }),
  query.accessor('sink', { header: 'Sink', enableSorting: true }),
  query.accessor('sinkTopic', {
    header: 'Sink topic',
    enableSorting: true,
    cell: ({ getValue }) => {
      const topic = getValue();
      return topic ? topicLink(cluster, topic) : null;
    },
  }),
];

/** docs/behaviour.md#ksqldb: tabs streams (default), tables, queries, info; EXECUTE shows the two screens. */
export function KsqlDbPage() {
  const { cluster } = useClusterScope();
  const { ksqlDBId = '', tab } = useParams();
  const canExecute = useCan('KSQLDB', 'EXECUTE');
  const active: Tab = TABS.find((t) => t === tab) ?? 'streams';
  if (tab !== active) return <Navigate to={ksqlPaths.tab(cluster.id, ksqlDBId, active)} replace />;
  return (
    <Page
      title={`KsqlDB: ${ksqlDBId}`}
      actions={
        canExecute && (
          <>
            <Link className="btn" to={ksqlPaths.query(cluster.id, ksqlDBId)}>
              Execute queries
            </Link>
            <Link className="btn" to={ksqlPaths.statement(cluster.id, ksqlDBId)}>
              Execute statements
            </Link>
          </>
        )
      }
    >
      <UrlTabs
        label="ksqlDB"
        tabs={TABS.map((key) => ({ key, label: key[0]?.toUpperCase() + key.slice(1) }))}
        active={active}
        href={(key) => ksqlPaths.tab(cluster.id, ksqlDBId, key)}
      >
        {active === 'info' ? (
          <InfoTab cluster={cluster.id} ksqlDb={ksqlDBId} />
        ) : (
          <SourceTab cluster={cluster.id} ksqlDb={ksqlDBId} source={active} key={active} />
        )}
      </UrlTabs>
    </Page>
  );
}

const empty: Record<KsqlSource, string> = {
  streams: 'No streams available',
  tables: 'No tables available',
  queries: 'No queries available',
};

function SourceTab({
  cluster,
  ksqlDb,
  source: kind,
}: {
  cluster: string;
  ksqlDb: string;
  source: KsqlSource;
}) {
  const url = useSearchPage();
  const sources = useQuery({
    ...ksqlSourcesQuery(cluster, ksqlDb, kind === 'tables' ? 'tables' : 'streams', url.params),
    enabled: kind !== 'queries',
  });
  const queries = useQuery({ ...ksqlQueriesQuery(cluster, ksqlDb, url.params), enabled: kind === 'queries' });
  const list = kind === 'queries' ? queries : sources;
  const label = kind[0]?.toUpperCase() + kind.slice(1);
  return (
    <>
      <SearchBar
        label={`${label} search`}
        inputLabel={`Search ${kind}`}
        list={url}
        pages={kind === 'queries' ? queries.data?.page : sources.data?.page}
      />
      {kind === 'queries' ? (
        <DataTable
          label={label}
          data={queries.data?.results}
          columns={queryColumns(cluster)}
          getRowId={(q) => q.id}
          rowName={(q) => `query ${q.id}`}
          loading={list.isPending}
          failed={list.isError}
          emptyText={empty[kind]}
          renderSubRow={(q) => <JsonViewer label={`SQL of ${q.id}`} value={q.sql} />}
        />
      ) : (
        <DataTable
          label={label}
          data={sources.data?.results}
          columns={sourceColumns(cluster)}
          getRowId={(s) => s.name}
          loading={list.isPending}
          failed={list.isError}
          emptyText={empty[kind]}
        />
      )}
    </>
  );
}

function InfoTab({ cluster, ksqlDb }: { cluster: string; ksqlDb: string }) {
  const info = useQuery(ksqlInfoQuery(cluster, ksqlDb));
  const rows = info.data
    ? [
        { name: 'Server version', value: info.data.serverVersion },
        { name: 'Kafka cluster id', value: info.data.kafkaClusterId },
        { name: 'Ksql service id', value: info.data.ksqlServiceId },
      ]
    : undefined;
  return (
    <DataTable
      label="Info"
      data={rows}
      columns={[
        { accessorKey: 'name', header: 'Name' },
        { accessorKey: 'value', header: 'Value' },
      ]}
      getRowId={(r) => r.name}
      loading={info.isPending}
      failed={info.isError}
    />
  );
}
