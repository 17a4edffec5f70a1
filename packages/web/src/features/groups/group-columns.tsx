import type { ConsumerGroup } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { formatDuration } from '../../lib/format-duration';
import { topicPaths } from '../topics/topic-paths';
import { groupPaths } from './group-paths';
import { groupTopicLag } from './group-rows';
import { GroupStateBadge } from './group-state-badge';

const column = createColumnHelper<ConsumerGroup>();

export function LagBadge({ lag }: { lag: number | null }) {
  return (
    <Badge tone="neutral">{lag === null ? 'No committed offset' : `Lag: ${lag.toLocaleString('en')}`}</Badge>
  );
}

/** The table's sortable columns and the server's names for them (`sort=` on GET /api/{cluster}/group). */
export const GROUP_SORT_COLUMNS = {
  id: 'id',
  state: 'state',
  members: 'members',
  lag: 'lag',
  lagTime: 'lagTime',
} as const;

/** Σ lag over the partitions with a committed offset; null when none has one. */
export function groupTotalLag(group: Pick<ConsumerGroup, 'offsets'>): number | null {
  const lags = (group.offsets ?? []).filter((o) => o.offsetLag !== undefined);
  return lags.length ? lags.reduce((sum, o) => sum + (o.offsetLag ?? 0), 0) : null;
}

/** The lag alert rules firing for a group, beside its state. */
function AlertBadges({ rules }: { rules: readonly string[] | undefined }) {
  return rules?.length ? (
    <span className="badges">
      {rules.map((rule) => (
        <Badge key={rule} tone="danger">
          Alert: {rule}
        </Badge>
      ))}
    </span>
  ) : null;
}

/**
 * Consumer group list columns (docs/behaviour.md#consumer-groups): Id, State (with the lag alerts firing),
 * Coordinator, Members, Total lag, Time lag (when sorted by it), Topics with lag.
 */
export function groupListColumns(cluster: string, alerts?: ReadonlyMap<string, readonly string[]>) {
  return [
    column.accessor('id', {
      header: 'Id',
      enableSorting: true,
      cell: ({ getValue }) => <Link to={groupPaths.group(cluster, getValue())}>{getValue()}</Link>,
    }),
    column.accessor('state', {
      header: 'State',
      enableSorting: true,
      cell: ({ getValue, row }) => (
        <span className="badges">
          <GroupStateBadge state={getValue()} />
          <AlertBadges rules={alerts?.get(row.original.id)} />
        </span>
      ),
    }),
    column.accessor((group) => group.coordinator.id, { id: 'coordinator', header: 'Coordinator' }),
    column.accessor((group) => group.members?.length ?? 0, {
      id: 'members',
      header: 'Members',
      enableSorting: true,
      meta: { align: 'end' },
    }),
    column.accessor((group) => groupTotalLag(group), {
      id: 'lag',
      header: 'Total lag',
      enableSorting: true,
      meta: { align: 'end' },
      cell: ({ getValue }) => {
        const lag = getValue();
        return lag === null ? '' : <span className="nowrap">{lag.toLocaleString('en')}</span>;
      },
    }),
    column.accessor((group) => group.maxLagMs ?? null, {
      id: 'lagTime',
      header: 'Time lag',
      enableSorting: true,
      meta: { align: 'end' },
      // The server reads time lag for the list only to sort by it (docs/api-conventions.md#lag-in-time).
      cell: ({ getValue }) => {
        const ms = getValue();
        return ms === null ? (
          <span className="muted">sort to show</span>
        ) : (
          <span className="nowrap">{formatDuration(ms, 1)}</span>
        );
      },
    }),
    column.display({
      id: 'topics',
      header: 'Topics',
      cell: ({ row }) => (
        <span className="badges">
          {(row.original.topics ?? []).map((topic) => (
            <span key={topic} className="topic-lag">
              <Link to={topicPaths.topic(cluster, topic)}>{topic}</Link>
              <LagBadge lag={groupTopicLag(row.original, topic)} />
            </span>
          ))}
        </span>
      ),
    }),
  ];
}
