import { createColumnHelper } from '@tanstack/react-table';
import { Badge } from '../../components/badge';
import type { NodeRow } from './node-rows';

const column = createColumnHelper<NodeRow>();

export const nodeColumns = [
  column.accessor('id', { header: 'Id', enableSorting: true, meta: { shrink: true } }),
  column.accessor('host', { header: 'Host', enableSorting: true }),
  column.accessor('controller', {
    header: 'Controller',
    cell: ({ getValue }) => (getValue() ? <Badge tone="success">yes</Badge> : null),
  }),
  column.accessor('partitions', { header: 'Partitions' }),
  column.accessor('rack', { header: 'Rack', enableSorting: true }),
];

export const sortableNodeColumns = ['id', 'host', 'rack'] as const;
