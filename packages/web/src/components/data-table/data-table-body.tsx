import { flexRender, type Table } from '@tanstack/react-table';
import { Fragment, type ReactNode } from 'react';
import { Spinner } from '../spinner';
import { cellClass } from './cell-class';

type BodyProps<T> = {
  table: Table<T>;
  loading: boolean;
  emptyText: ReactNode;
  renderSubRow: ((row: T) => ReactNode) | undefined;
  onDetails: ((row: T) => void) | undefined;
  onRowClick: ((row: T) => void) | undefined;
};

/** A click on a control inside the row does its own thing, not the row's. */
const onControl = (target: EventTarget) =>
  target instanceof Element && target.closest('a, button, input, select, textarea, label') !== null;

export function DataTableBody<T>(props: BodyProps<T>) {
  const { table, loading, emptyText, renderSubRow, onDetails, onRowClick } = props;
  const rows = table.getRowModel().rows;
  const width = table.getVisibleLeafColumns().length;
  if (loading || rows.length === 0) {
    return (
      <tbody>
        <tr className="data-table__state-row">
          <td colSpan={width}>
            {loading ? (
              <Spinner label="Loading rows" />
            ) : (
              <span className="data-table__empty">{emptyText}</span>
            )}
          </td>
        </tr>
      </tbody>
    );
  }
  return (
    <tbody>
      {rows.map((row) => (
        <Fragment key={row.id}>
          <tr
            className={
              [row.getIsSelected() && 'is-selected', onRowClick && 'is-clickable']
                .filter(Boolean)
                .join(' ') || undefined
            }
            onClick={onRowClick ? (event) => onControl(event.target) || onRowClick(row.original) : undefined}
            onDoubleClick={onDetails ? () => onDetails(row.original) : undefined}
          >
            {row.getVisibleCells().map((cell) => (
              <td key={cell.id} className={cellClass(cell.column.columnDef.meta)}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </td>
            ))}
          </tr>
          {renderSubRow && row.getIsExpanded() && (
            <tr className="data-table__sub-row">
              <td colSpan={width}>{renderSubRow(row.original)}</td>
            </tr>
          )}
        </Fragment>
      ))}
    </tbody>
  );
}
