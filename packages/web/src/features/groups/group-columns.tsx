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

/** Consumer group list columns (spec part 2 §2): Id, State, Coordinator, Members, Topics with lag. */
export function groupListColumns(cluster: string) {
  return [
    column.accessor('id', {
      header: 'Id',
      cell: ({ getValue }) => <Link to={groupPaths.group(cluster, getValue())}>{getValue()}</Link>,
    }),
    column.accessor('state', {
      header: 'State',
      cell: ({ getValue }) => <GroupStateBadge state={getValue()} />,
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
