import type { DateTimeFormat } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import type { AnyColumnDef } from '../../../components/data-table/types';
import { MiddleEllipsis } from '../../../components/middle-ellipsis/middle-ellipsis';
import { formatBytes } from '../../../lib/format-bytes';
import { LastRecordCell } from './last-record-cell';
import { StreamsAppName } from './streams-fold-cells';
import { TopicGroupsCell } from './topic-groups-cell';
import type { TopicRow } from './topic-rows';
import { TrafficCell } from './traffic-cell';

const column = createColumnHelper<TopicRow>();

export type TopicColumnOptions = {
  cluster: string;
  /** Router path of a topic's default tab. */
  topicHref: (topic: string) => string;
  lastRecord: { format: DateTimeFormat } | null;
  groups: { startExpanded: boolean } | null;
};

/** The table's sortable columns and the server's names for them (`sort=` on GET /api/{cluster}/topic). */
export const TOPIC_SORT_COLUMNS = {
  name: 'name',
  count: 'records',
  logDirSize: 'size',
  partitions: 'partitions',
  underReplicated: 'underReplicated',
  traffic: 'traffic',
} as const;

/** docs/behaviour.md#topic-list: the two-level header Topics, Partitions, Replications, Consumer Groups. */
export function topicColumns(options: TopicColumnOptions): AnyColumnDef<TopicRow>[] {
  const { cluster, topicHref, lastRecord, groups } = options;
  const end = { align: 'end' } as const;
  const topicColumns: AnyColumnDef<TopicRow>[] = [
    column.accessor('name', {
      header: 'Name',
      enableSorting: true,
      meta: { fill: true },
      cell: ({ getValue, row }) => {
        const app = row.original.streamsApp;
        return app ? (
          <StreamsAppName cluster={cluster} id={app.id} topics={app.topics.length} />
        ) : (
          <Link className="topic-name" to={topicHref(getValue())} aria-label={getValue()}>
            <MiddleEllipsis text={getValue()} />
          </Link>
        );
      },
    }),
    column.accessor('count', {
      header: 'Count',
      enableSorting: true,
      meta: end,
      cell: ({ getValue }) => (
        <span className="nowrap" title={`approximately ${getValue()}`}>
          ≈ {getValue().toLocaleString('en')}
        </span>
      ),
    }),
    column.accessor('logDirSize', {
      header: 'Size',
      enableSorting: true,
      meta: end,
      cell: ({ getValue }) => {
        const size = getValue();
        return size === undefined ? '' : <span className="nowrap">{formatBytes(size)}</span>;
      },
    }),
    column.accessor('traffic', {
      header: () => <abbr title="Records written in the last 24 hours, per hour">Traffic</abbr>,
      enableSorting: true,
      meta: { wide: true },
      cell: ({ getValue, row }) => <TrafficCell hours={getValue()} topic={row.original.name} />,
    }),
  ];
  if (lastRecord) {
    topicColumns.push(
      column.accessor('lastRecord', {
        header: 'Last Record',
        cell: ({ getValue }) => <LastRecordCell value={getValue()} format={lastRecord.format} />,
      }),
    );
  }
  const columns: AnyColumnDef<TopicRow>[] = [
    column.group({ id: 'topics', header: 'Topics', columns: topicColumns }),
    column.group({
      id: 'partitions-group',
      header: 'Partitions',
      columns: [column.accessor('partitions', { header: 'Total', meta: end, enableSorting: true })],
    }),
    column.group({
      id: 'replications',
      header: 'Replications',
      columns: [
        column.accessor('replicationFactor', { header: 'Factor', meta: end }),
        column.accessor('inSync', { header: 'In Sync', meta: end }),
        column.accessor('underReplicated', {
          header: () => <abbr title="Under-replicated partitions">Under</abbr>,
          meta: end,
          enableSorting: true,
          cell: ({ getValue, row }) => (
            <>
              {getValue()}
              {row.original.offline > 0 && (
                <span className="topic-offline"> · {row.original.offline} offline</span>
              )}
            </>
          ),
        }),
      ],
    }),
  ];
  if (groups) {
    columns.push(
      column.group({
        id: 'consumer-groups',
        header: 'Consumer Groups',
        columns: [
          column.accessor('groups', {
            header: 'Groups',
            cell: ({ getValue, row }) => (
              <TopicGroupsCell
                cluster={cluster}
                topic={row.original.name}
                groups={getValue()}
                more={row.original.moreGroups}
                startExpanded={groups.startExpanded}
              />
            ),
          }),
        ],
      }),
    );
  }
  return columns;
}
