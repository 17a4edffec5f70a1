import type { ColumnDef, RowData } from '@tanstack/react-table';

// biome-ignore lint/suspicious/noExplicitAny: one table's columns hold values of different types
export type AnyColumnDef<T> = ColumnDef<T, any>;

/** Per-row actions a table may offer (docs/behaviour.md#lists-and-tables), in display order. */
export const rowActionKinds = [
  'add',
  'details',
  'config',
  'edit',
  'restart',
  'copy',
  'share',
  'download',
  'delete',
] as const;
export type RowActionKind = (typeof rowActionKinds)[number];
export type RowActions<T> = Partial<Record<RowActionKind, (row: T) => void>>;

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    align?: 'end' | 'center';
    /** Keeps the column as narrow as its content (checkboxes, actions, ids). */
    shrink?: boolean;
    /** A column shown only where the table is wide (1240 px and more): it gives way where it is tight. */
    wide?: boolean;
    /**
     * Takes the width the other columns leave, and no more: its content (a MiddleEllipsis name) is cut to
     * fit, so a long name never pushes the columns on its right out of the frame.
     */
    fill?: boolean;
  }
}
