import type { StreamsGroup, StreamsGroupMember, StreamsGroupOffset, StreamsTasks } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table/data-table';
import { MiddleEllipsis } from '../../components/middle-ellipsis/middle-ellipsis';
import { ProtocolBadge } from './streams-badges';

/** `0:[0,1] 1:[0]`, as kafka-streams-groups.sh prints a member's tasks. */
const tasksText = (tasks: StreamsTasks | undefined) =>
  tasks && tasks.length > 0
    ? tasks.map((t) => `${t.subtopologyId}:[${t.partitions.join(',')}]`).join(' ')
    : '–';

const member = createColumnHelper<StreamsGroupMember>();
const memberColumns = [
  member.accessor('processId', {
    header: 'Process',
    enableSorting: true,
    cell: ({ getValue }) => <span className="streams-process">{getValue() ?? '–'}</span>,
  }),
  member.accessor('clientId', {
    header: 'Client Id',
    meta: { fill: true },
    cell: ({ getValue }) => <MiddleEllipsis text={getValue()} />,
  }),
  member.accessor('clientHost', { header: 'Host' }),
  member.accessor('protocol', {
    header: 'Protocol',
    cell: ({ getValue }) => <ProtocolBadge protocol={getValue()} />,
  }),
  member.accessor('memberEpoch', { header: 'Epoch', cell: ({ getValue }) => getValue() ?? '–' }),
  member.display({
    id: 'tasks',
    header: 'Tasks',
    cell: ({ row }) => <MemberTasks member={row.original} />,
  }),
];

/** Active, standby and warm-up tasks; a classic member's tasks stay in the app, so its partitions show. */
function MemberTasks({ member: m }: { member: StreamsGroupMember }) {
  if (!m.assignment) {
    return (
      <span>
        {m.partitions.length === 0 ? '–' : m.partitions.map((p) => `${p.topic}[${p.partition}]`).join(', ')}
      </span>
    );
  }
  return (
    <dl className="streams-tasks">
      <dt>Active</dt>
      <dd>{tasksText(m.assignment.active)}</dd>
      <dt>Standby</dt>
      <dd>{tasksText(m.assignment.standby)}</dd>
      <dt>Warm-up</dt>
      <dd>{tasksText(m.assignment.warmup)}</dd>
    </dl>
  );
}

export function MembersTable({
  group,
  loading,
  failed,
}: {
  group?: StreamsGroup;
  loading: boolean;
  failed: boolean;
}) {
  return (
    <DataTable
      label="Members and tasks"
      data={group?.members}
      columns={memberColumns}
      getRowId={(m) => m.memberId}
      loading={loading}
      failed={failed}
      emptyText="No members: the application is not running"
    />
  );
}

const offset = createColumnHelper<StreamsGroupOffset>();
const offsetColumns = [
  offset.accessor('topic', {
    header: 'Topic',
    enableSorting: true,
    cell: ({ getValue }) => <MiddleEllipsis text={getValue()} />,
  }),
  offset.accessor('partition', { header: 'Partition', enableSorting: true }),
  offset.accessor('currentOffset', { header: 'Committed', cell: ({ getValue }) => getValue() ?? '–' }),
  offset.accessor('logEndOffset', { header: 'Log end' }),
  offset.accessor('lag', { header: 'Lag', enableSorting: true }),
];

export function OffsetsTable({
  group,
  loading,
  failed,
}: {
  group?: StreamsGroup;
  loading: boolean;
  failed: boolean;
}) {
  return (
    <DataTable
      label="Offsets and lag"
      data={group?.offsets}
      columns={offsetColumns}
      getRowId={(o) => `${o.topic}#${o.partition}`}
      loading={loading}
      failed={failed}
      emptyText="No input partitions"
    />
  );
}

function TopicLinks({ cluster, names }: { cluster: string; names: string[] }) {
  if (names.length === 0) return <span>–</span>;
  return (
    <ul className="streams-topics">
      {names.map((name) => (
        <li key={name}>
          <Link to={`/${encodeURIComponent(cluster)}/topic/${encodeURIComponent(name)}`} aria-label={name}>
            <MiddleEllipsis text={name} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Each subtopology's topics; a classic app keeps its topology inside the app, so only the name rule's topics show. */
export function Subtopologies({ cluster, group }: { cluster: string; group: StreamsGroup }) {
  if (group.subtopologies.length === 0) {
    return (
      <div>
        <p>
          {group.protocol === 'classic'
            ? 'A classic Streams app does not tell the broker its topology. Its internal topics, found by name:'
            : 'The broker has no topology for this group yet. Its internal topics, found by name:'}
        </p>
        <TopicLinks cluster={cluster} names={group.internalTopics} />
      </div>
    );
  }
  return (
    <table className="streams-subtopologies">
      <caption className="visually-hidden">Subtopologies and their topics</caption>
      <thead>
        <tr>
          <th scope="col">Subtopology</th>
          <th scope="col">Source topics</th>
          <th scope="col">Repartition sources</th>
          <th scope="col">Repartition sinks</th>
          <th scope="col">Changelogs</th>
        </tr>
      </thead>
      <tbody>
        {group.subtopologies.map((s) => (
          <tr key={s.id}>
            <th scope="row">{s.id}</th>
            <td>
              <TopicLinks cluster={cluster} names={s.sourceTopics} />
            </td>
            <td>
              <TopicLinks cluster={cluster} names={s.repartitionSourceTopics.map((t) => t.name)} />
            </td>
            <td>
              <TopicLinks cluster={cluster} names={s.repartitionSinkTopics} />
            </td>
            <td>
              <TopicLinks cluster={cluster} names={s.changelogTopics.map((t) => t.name)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
