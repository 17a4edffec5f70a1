import {
  type ExpandedState,
  getCoreRowModel,
  getSortedRowModel,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useMemo, useState } from 'react';
import { DataTableBody } from './data-table-body';
import { DataTableHead } from './data-table-head';
import { actionsColumn, expandColumn, selectColumn } from './system-columns';
import type { AnyColumnDef, RowActions } from './types';
import './data-table.css';

export type DataTableProps<T> = {
  /** Accessible name of the table. */
  label: string;
  data: readonly T[] | undefined;
  /** Nest columns under a parent column for the optional two-level header. */
  columns: AnyColumnDef<T>[];
  getRowId?: (row: T, index: number) => string;
  loading?: boolean;
  /** The rows could not be loaded; the error itself was already toasted. */
  failed?: boolean;
  emptyText?: ReactNode;
  /** Controlled sorting, e.g. kept in the URL; otherwise the table sorts locally. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** The rows come sorted by the server (sorting says how); the table only marks the header. */
  manualSorting?: boolean;
  /** Adds the select-all checkbox column. */
  selection?: RowSelectionState;
  onSelectionChange?: (selection: RowSelectionState) => void;
  /** Adds an expand toggle and renders this below an expanded row. */
  renderSubRow?: (row: T) => ReactNode;
  canExpand?: (row: T) => boolean;
  /** Row action buttons; `details` also runs on double-click. */
  actions?: RowActions<T>;
  /** What a row is, for its icon buttons' names: "topic demo.orders" makes "Delete topic demo.orders". */
  rowName?: (row: T) => string;
  /** Opens a row on a single click (docs/behaviour.md#lists-and-tables); its link stays the keyboard way. */
  onRowClick?: (row: T) => void;
};

const noRows: never[] = [];

function resolve<S>(updater: Updater<S>, current: S): S {
  return typeof updater === 'function' ? (updater as (old: S) => S)(current) : updater;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { data, columns, renderSubRow, canExpand, actions, selection, onSelectionChange, rowName } = props;
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const sorting = props.sorting ?? localSorting;
  const setSorting = props.onSortingChange ?? setLocalSorting;
  const selectable = onSelectionChange !== undefined;

  const allColumns = useMemo(
    () => [
      ...(selectable ? [selectColumn<T>()] : []),
      ...(renderSubRow ? [expandColumn<T>(rowName)] : []),
      ...columns,
      ...(actions && Object.keys(actions).length ? [actionsColumn(actions, rowName)] : []),
    ],
    [columns, selectable, renderSubRow, actions, rowName],
  );

  const table = useReactTable<T>({
    data: (data ?? noRows) as T[],
    columns: allColumns,
    ...(props.getRowId ? { getRowId: props.getRowId } : {}),
    state: { sorting, expanded, rowSelection: selection ?? {} },
    defaultColumn: { enableSorting: false },
    enableRowSelection: selectable,
    enableSortingRemoval: true,
    manualSorting: props.manualSorting ?? false,
    onSortingChange: (updater) => setSorting(resolve(updater, sorting)),
    onExpandedChange: setExpanded,
    onRowSelectionChange: (updater) => onSelectionChange?.(resolve(updater, selection ?? {})),
    getRowCanExpand: (row) => renderSubRow !== undefined && (canExpand?.(row.original) ?? true),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  return (
    <div className="data-table">
      <table aria-label={props.label} aria-busy={props.loading || undefined}>
        <DataTableHead table={table} />
        <DataTableBody
          table={table}
          loading={props.loading ?? false}
          emptyText={
            props.failed ? 'The data could not be loaded.' : (props.emptyText ?? 'No data available')
          }
          renderSubRow={renderSubRow}
          onDetails={actions?.details}
          onRowClick={props.onRowClick}
        />
      </table>
    </div>
  );
}
