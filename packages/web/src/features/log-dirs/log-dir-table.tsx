import type { LogDir } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../../components/data-table/data-table';
import { formatBytes } from '../../lib/format-bytes';

const column = createColumnHelper<LogDir>();
const sortable = { enableSorting: true } as const;

const columns = [
  column.accessor('brokerId', { header: 'Broker', ...sortable, meta: { shrink: true } }),
  column.accessor('topic', { header: 'Topic', ...sortable }),
  column.accessor('partition', { header: 'Partition', ...sortable, meta: { align: 'end' } }),
  column.accessor('size', {
    header: 'Size',
    ...sortable,
    meta: { align: 'end' },
    cell: ({ getValue }) => formatBytes(getValue()),
  }),
  column.accessor('offsetLag', { header: 'OffsetLag', ...sortable, meta: { align: 'end' } }),
];

type Props = { label: string; logs: LogDir[] | undefined; loading: boolean; failed: boolean };

/** Replica log directories of a topic or a broker (docs/behaviour.md#topic-page, Logs tab). */
export function LogDirTable({ label, logs, loading, failed }: Props) {
  return (
    <DataTable
      label={label}
      data={logs}
      columns={columns}
      getRowId={(log) => `${log.brokerId}-${log.path}-${log.topic}-${log.partition}-${log.future}`}
      loading={loading}
      failed={failed}
    />
  );
}
