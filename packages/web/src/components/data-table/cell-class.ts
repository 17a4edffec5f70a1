import type { ColumnMeta } from '@tanstack/react-table';

export function cellClass(meta: ColumnMeta<unknown, unknown> | undefined, group = false): string | undefined {
  const classes = [
    meta?.align && `data-table__cell--${meta.align}`,
    meta?.shrink && 'data-table__cell--shrink',
    meta?.wide && 'data-table__cell--wide',
    meta?.fill && 'data-table__cell--fill',
    group && 'data-table__cell--group',
  ].filter(Boolean);
  return classes.length ? classes.join(' ') : undefined;
}
