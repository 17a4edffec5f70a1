import type { ConsumerGroup } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
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

/** The lag alert rules firing for a group (issue 19), beside its state. */
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
 * Consumer group list columns (spec part 2 §2): Id, State (with the lag alerts firing), Coordinator,
 * Members, Topics with lag.
 */
export function groupListColumns(cluster: string, alerts?: ReadonlyMap<string, readonly string[]>) {
  return [
    column.accessor('id', {
      header: 'Id',
      cell: ({ getValue }) => <Link to={groupPaths.group(cluster, getValue())}>{getValue()}</Link>,
    }),
    column.accessor('state', {
      header: 'State',
      cell: ({ getValue, row }) => (
        <span className="badges">
          <GroupStateBadge state={getValue()} />
          <AlertBadges rules={alerts?.get(row.original.id)} />
        </span>
      ),
    }),
    column.accessor((group) => group.coordinator.id, { id: 'coordinator', header: 'Coordinator' }),
    column.accessor((group) => group.members?.length ?? 0, { id: 'members', header: 'Members' }),
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
