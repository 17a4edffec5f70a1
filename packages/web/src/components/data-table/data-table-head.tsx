import { flexRender, type Header, type Table } from '@tanstack/react-table';
import { cellClass } from './cell-class';

export function DataTableHead<T>({ table }: { table: Table<T> }) {
  const groups = table.getHeaderGroups();
  return (
    <thead>
      {groups.map((group, depth) => (
        <tr key={group.id} className={depth < groups.length - 1 ? 'data-table__group-row' : undefined}>
          {group.headers.map((header) => (
            <th
              key={header.id}
              colSpan={header.colSpan}
              className={cellClass(header.column.columnDef.meta, header.colSpan > 1)}
              aria-sort={ariaSort(header)}
              scope="col"
              // The empty cell above a column outside the two-level header's groups names nothing.
              role={header.isPlaceholder ? 'presentation' : undefined}
            >
              <HeaderLabel header={header} />
            </th>
          ))}
        </tr>
      ))}
    </thead>
  );
}

function HeaderLabel<T>({ header }: { header: Header<T, unknown> }) {
  if (header.isPlaceholder) return null;
  const label = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) return label;
  const direction = header.column.getIsSorted();
  return (
    <button type="button" className="data-table__sort" onClick={header.column.getToggleSortingHandler()}>
      {label}
      <span
        className={`data-table__sort-mark data-table__sort-mark--${direction || 'none'}`}
        aria-hidden="true"
      />
    </button>
  );
}

function ariaSort<T>(header: Header<T, unknown>): 'ascending' | 'descending' | undefined {
  const direction = header.column.getIsSorted();
  if (!direction) return undefined;
  return direction === 'asc' ? 'ascending' : 'descending';
}
