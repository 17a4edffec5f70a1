import type { ColumnDef } from '@tanstack/react-table';
import { Icon } from '../icon';
import { Checkbox } from './checkbox';
import { withObject } from './object-name';
import { RowActionButtons } from './row-actions';
import type { RowActions } from './types';

export function selectColumn<T>(): ColumnDef<T> {
  return {
    id: '_select',
    meta: { shrink: true },
    header: ({ table }) => (
      <Checkbox
        label="Select all rows"
        checked={table.getIsAllRowsSelected()}
        indeterminate={table.getIsSomeRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        label="Select row"
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}

export function expandColumn<T>(rowName?: (row: T) => string): ColumnDef<T> {
  return {
    id: '_expand',
    meta: { shrink: true },
    header: () => <span className="visually-hidden">Expand</span>,
    cell: ({ row }) =>
      row.getCanExpand() ? (
        <button
          type="button"
          className="btn btn--ghost btn--icon data-table__expander"
          aria-expanded={row.getIsExpanded()}
          aria-label={withObject(
            row.getIsExpanded() ? 'Collapse' : 'Expand',
            rowName?.(row.original) ?? 'row',
          )}
          onClick={row.getToggleExpandedHandler()}
        >
          <Icon name="chevronRight" />
        </button>
      ) : null,
  };
}

export function actionsColumn<T>(actions: RowActions<T>, rowName?: (row: T) => string): ColumnDef<T> {
  return {
    id: '_actions',
    meta: { shrink: true, align: 'end' },
    header: () => <span className="visually-hidden">Actions</span>,
    cell: ({ row }) => (
      <RowActionButtons row={row.original} actions={actions} name={rowName?.(row.original)} />
    ),
  };
}
