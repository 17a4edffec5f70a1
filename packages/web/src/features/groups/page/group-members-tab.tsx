import type { GroupMember } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Badge } from '../../../components/badge';
import { DataTable } from '../../../components/data-table/data-table';
import { groupMembersQuery } from '../api';

const column = createColumnHelper<GroupMember>();

const memberColumns = [
  column.accessor('clientId', { header: 'Client Id', enableSorting: true }),
  column.accessor('id', { header: 'Id', enableSorting: true }),
  column.accessor('host', { header: 'Host', enableSorting: true }),
  column.display({
    id: 'assignments',
    header: 'Assignments',
    cell: ({ row }) => (
      <span className="badges">
        {(row.original.assignments ?? []).map((a) => (
          <Badge key={`${a.topic}#${a.partition}`} tone="neutral">
            {a.topic} [{a.partition}]
          </Badge>
        ))}
      </span>
    ),
  }),
];

export function GroupMembersTab({ cluster, group }: { cluster: string; group: string }) {
  const members = useQuery(groupMembersQuery(cluster, group));
  return (
    <DataTable
      label="Members"
      data={members.data}
      columns={memberColumns}
      getRowId={(member) => member.id}
      loading={members.isPending}
      failed={members.isError}
      emptyText="No members"
    />
  );
}
