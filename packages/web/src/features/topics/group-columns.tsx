import type { ConsumerGroup } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { topicPaths } from './topic-paths';
import { topicLag } from './topic-rows';

const column = createColumnHelper<ConsumerGroup>();

/** Groups tab columns (spec part 1 §2): Id, State, Coordinator, Members, Topics with lag. */
export function groupColumns(cluster: string) {
  return [
    column.accessor('id', {
      header: 'Id',
      enableSorting: true,
      cell: ({ getValue }) => <Link to={topicPaths.group(cluster, getValue())}>{getValue()}</Link>,
    }),
    column.accessor('state', {
      header: 'State',
      enableSorting: true,
      cell: ({ getValue }) => (
        <Badge tone={getValue() === 'STABLE' ? 'success' : 'warning'}>{getValue()}</Badge>
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
              <Badge tone="neutral">Lag: {topicLag(row.original, topic).toLocaleString('en')}</Badge>
            </span>
          ))}
        </span>
      ),
    }),
  ];
}
