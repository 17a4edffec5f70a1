import type { OffsetPreviewRow } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../../../components/data-table/data-table';

const column = createColumnHelper<OffsetPreviewRow>();
const none = <span className="muted">No committed offset</span>;

const previewColumns = [
  column.accessor('topic', { header: 'Topic' }),
  column.accessor('partition', { header: 'Partition', meta: { align: 'end' } }),
  column.accessor('currentOffset', {
    header: 'Current offset',
    meta: { align: 'end' },
    cell: ({ getValue }) => getValue() ?? none,
  }),
  column.accessor('newOffset', { header: 'New offset', meta: { align: 'end' } }),
  column.accessor('lagBefore', {
    header: 'Lag before',
    meta: { align: 'end' },
    cell: ({ getValue }) => getValue() ?? none,
  }),
  column.accessor('lagAfter', { header: 'Lag after', meta: { align: 'end' } }),
];

/** What the update would do, per partition; nothing is committed yet. */
export function OffsetPreviewTable({ rows }: { rows: OffsetPreviewRow[] }) {
  return (
    <DataTable
      label="Offsets preview"
      data={rows}
      columns={previewColumns}
      getRowId={(row) => `${row.topic}#${row.partition}`}
      loading={false}
      failed={false}
    />
  );
}
