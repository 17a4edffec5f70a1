import type { SortingState } from '@tanstack/react-table';
import { z } from 'zod';

/** `order=` in a list's address: the server's direction of its `sort=` column. */
export const OrderParam = z.enum(['asc', 'desc']).optional().catch(undefined);

/**
 * A list sorted on the server: `sort` (a server column) and `order` in the address, the table's column
 * ids mapped to the server's names. No sort is the server's default order (by name).
 */
export function serverSorting(
  columns: Readonly<Record<string, string>>,
  sort: string | undefined,
  order: 'asc' | 'desc' | undefined,
): SortingState {
  const id = Object.entries(columns).find(([, server]) => server === sort)?.[0];
  return id ? [{ id, desc: order === 'desc' }] : [];
}

/** The `sort` and `order` a table's new sorting asks for (both undefined to go back to the default). */
export function sortParams(
  columns: Readonly<Record<string, string>>,
  sorting: SortingState,
): { sort: string | undefined; order: 'asc' | 'desc' | undefined } {
  const first = sorting[0];
  const sort = first ? columns[first.id] : undefined;
  return sort ? { sort, order: first?.desc ? 'desc' : 'asc' } : { sort: undefined, order: undefined };
}
