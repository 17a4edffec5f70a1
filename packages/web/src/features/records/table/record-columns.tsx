import type { DataRecord, DateTimeFormat } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import type { AnyColumnDef } from '../../../components/data-table/types';
import { FormatBadges } from './format-badge';
import {
  type PartView,
  RecordHeadersCell,
  RecordKeyCell,
  RecordTimeCell,
  RecordValueCell,
} from './record-cells';
import { SchemaBadge } from './schema-badge';

const column = createColumnHelper<DataRecord>();

export const recordId = (record: DataRecord) => `${record.partition}-${record.offset}`;

export type RecordViews = { key: PartView; value: PartView };

/**
 * The Data tab columns (docs/behaviour.md#data-tab): Key, Value, Date, Partition, Offset, Headers, Schema.
 */
export function recordColumns(
  topic: string,
  format: DateTimeFormat,
  views: RecordViews,
): AnyColumnDef<DataRecord>[] {
  return [
    column.accessor('key', {
      header: 'Key',
      cell: ({ row }) => <RecordKeyCell record={row.original} view={views.key} />,
    }),
    column.accessor('value', {
      header: 'Value',
      cell: ({ row }) => <RecordValueCell record={row.original} view={views.value} />,
    }),
    column.accessor('timestamp', {
      header: 'Date/Timestamp',
      cell: ({ getValue }) => <RecordTimeCell value={getValue()} format={format} />,
    }),
    column.accessor('partition', { header: 'Partition', meta: { align: 'end', shrink: true } }),
    column.accessor('offset', { header: 'Offset', meta: { align: 'end', shrink: true } }),
    column.accessor('headers', {
      header: 'Headers',
      cell: ({ getValue }) => <RecordHeadersCell headers={getValue()} />,
    }),
    column.display({
      id: 'schema',
      header: 'Schema',
      cell: ({ row }) => {
        const { keySchemaId, valueSchemaId } = row.original;
        return (
          <span className="badges">
            {keySchemaId && <SchemaBadge kind="Key" id={keySchemaId} topic={topic} />}
            {valueSchemaId && <SchemaBadge kind="Value" id={valueSchemaId} topic={topic} />}
            <FormatBadges format={row.original.format} />
          </span>
        );
      },
    }),
  ];
}
