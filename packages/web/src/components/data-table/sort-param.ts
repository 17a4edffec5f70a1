import type { SortingState } from '@tanstack/react-table';

/** `host` sorts ascending, `host:desc` descending; unknown columns are dropped. */
export function parseSort(value: string | undefined, allowed: readonly string[]): SortingState {
  if (!value) return [];
  const [id, direction] = value.split(':');
  if (!id || !allowed.includes(id) || (direction !== undefined && direction !== 'desc')) return [];
  return [{ id, desc: direction === 'desc' }];
}

export function formatSort(sorting: SortingState): string {
  const first = sorting[0];
  if (!first) return '';
  return first.desc ? `${first.id}:desc` : first.id;
}
