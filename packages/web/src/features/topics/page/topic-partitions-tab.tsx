import type { Partition } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Badge } from '../../../components/badge';
import { DataTable } from '../../../components/data-table/data-table';
import { formatBytes } from '../../../lib/format-bytes';
import { topicPartitionsQuery } from '../api';
import { partitionOffsets } from './partition-offsets';

const column = createColumnHelper<Partition>();

const columns = [
  column.accessor('id', { header: 'Id', enableSorting: true, meta: { shrink: true } }),
  column.accessor((p) => p.leader?.id, { id: 'leader', header: 'Leader', enableSorting: true }),
  column.accessor('nodes', {
    header: 'Replicas',
    cell: ({ getValue }) => (
      <span className="badges">
        {getValue().map((node) => (
          <Badge key={node.id} tone={node.inSyncReplicas ? 'success' : 'danger'}>
            <span title={node.inSyncReplicas ? 'In sync' : 'Out of sync'}>{node.id}</span>
          </Badge>
        ))}
      </span>
    ),
  }),
  column.display({
    id: 'offsets',
    header: 'Offsets',
    cell: ({ row }) => {
      const { range, mark } = partitionOffsets(row.original.firstOffset, row.original.lastOffset);
      return (
        <span className="nowrap">
          {range} <span className="partition-offsets__mark">({mark})</span>
        </span>
      );
    },
  }),
  column.accessor('logDirSize', {
    header: 'Size',
    enableSorting: true,
    meta: { align: 'end' },
    cell: ({ getValue }) => {
      const size = getValue();
      return size === undefined ? '' : formatBytes(size);
    },
  }),
];

export function TopicPartitionsTab({ cluster, topic }: { cluster: string; topic: string }) {
  const partitions = useQuery(topicPartitionsQuery(cluster, topic));
  return (
    <DataTable
      label="Partitions"
      data={partitions.data}
      columns={columns}
      getRowId={(partition) => String(partition.id)}
      loading={partitions.isPending}
      failed={partitions.isError}
    />
  );
}
