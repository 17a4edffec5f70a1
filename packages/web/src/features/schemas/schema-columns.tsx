import type { Schema } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import type { AnyColumnDef } from '../../components/data-table/types';

const column = createColumnHelper<Schema>();

/** Spec part 2 §2 Schema registry list: Id, Subject, Schema Type, Version; the schema expands below. */
export const schemaColumns: AnyColumnDef<Schema>[] = [
  column.accessor('id', { header: 'Id', meta: { shrink: true } }),
  column.accessor('subject', { header: 'Subject' }),
  column.accessor('schemaType', { header: 'Schema Type', cell: ({ getValue }) => getValue() ?? 'AVRO' }),
  column.accessor('version', { header: 'Version', meta: { align: 'end', shrink: true } }),
];

/** The versions tab: the same, newest first, each with its schema below. */
export const versionColumns: AnyColumnDef<Schema>[] = [
  column.accessor('version', { header: 'Version', meta: { shrink: true } }),
  column.accessor('id', { header: 'Id', meta: { shrink: true } }),
  column.accessor('schemaType', { header: 'Schema Type', cell: ({ getValue }) => getValue() ?? 'AVRO' }),
];
