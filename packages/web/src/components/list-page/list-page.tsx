import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from '../data-table/data-table';
import { Page } from '../layout/page';
import '../search-bar/filter-bar.css';

type Props<T> = {
  title: ReactNode;
  /** Title bar actions: the create link. */
  actions?: ReactNode;
  /** Above the filter bar, e.g. tabs between kinds of the same objects. */
  header?: ReactNode;
  /** The sticky filter bar: a SearchBar, or the list's own. */
  filters?: ReactNode;
  /** Between the filter bar and the table: notes, bulk actions. */
  beforeTable?: ReactNode;
  /** The list's query: while it is pending the table says it loads; when it failed, that it could not. */
  query: { isPending: boolean; isError: boolean };
  rows: readonly T[] | undefined;
  table: Omit<DataTableProps<T>, 'data' | 'loading' | 'failed'>;
  /** Below the table: dialogs, forms, panels. */
  children?: ReactNode;
};

/**
 * The frame every list screen shares: the title bar, the filter bar, the table with its loading, failed
 * and empty states, then whatever the screen adds below.
 */
export function ListPage<T>({
  title,
  actions,
  header,
  filters,
  beforeTable,
  query,
  rows,
  table,
  children,
}: Props<T>) {
  return (
    <Page title={title} actions={actions}>
      {header}
      {filters}
      {beforeTable}
      <DataTable {...table} data={rows} loading={query.isPending} failed={query.isError} />
      {children}
    </Page>
  );
}
