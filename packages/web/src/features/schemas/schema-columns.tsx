import type { Schema } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import type { AnyColumnDef } from '../../components/data-table/types';
import { schemaPaths } from './schema-paths';

const column = createColumnHelper<Schema>();

/** The schema list (docs/behaviour.md#schemas): Id, Subject (a link to its details), Schema Type, Version. */
export function schemaColumns(cluster: string): AnyColumnDef<Schema>[] {
  return [
    column.accessor('id', { header: 'Id', meta: { shrink: true } }),
    column.accessor('subject', {
      header: 'Subject',
      cell: ({ getValue }) => <Link to={schemaPaths.subject(cluster, getValue())}>{getValue()}</Link>,
    }),
    column.accessor('schemaType', { header: 'Schema Type', cell: ({ getValue }) => getValue() ?? 'AVRO' }),
    column.accessor('version', { header: 'Version', meta: { align: 'end', shrink: true } }),
  ];
}

/** The versions tab: the same, newest first, each with its schema below. */
export const versionColumns: AnyColumnDef<Schema>[] = [
  column.accessor('version', { header: 'Version', meta: { shrink: true } }),
  column.accessor('id', { header: 'Id', meta: { shrink: true } }),
  column.accessor('schemaType', { header: 'Schema Type', cell: ({ getValue }) => getValue() ?? 'AVRO' }),
];
