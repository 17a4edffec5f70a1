import { z } from 'zod';

/** Columns `GET /api/{cluster}/topic?sort=` orders by; without `sort`, by name as AKHQ does. */
export const TopicSortColumn = z.enum([
  'name',
  'size',
  'partitions',
  'records',
  'underReplicated',
  'traffic',
]);
export type TopicSortColumn = z.infer<typeof TopicSortColumn>;

/**
 * Columns `GET /api/{cluster}/group?sort=` orders by; without `sort`, by id as AKHQ does. `lagTime`: the
 * highest time lag of the group's partitions (docs/api-conventions.md#lag-in-time).
 */
export const GroupSortColumn = z.enum(['id', 'state', 'members', 'lag', 'lagTime']);
export type GroupSortColumn = z.infer<typeof GroupSortColumn>;

export const ListOrder = z.enum(['asc', 'desc']);
export type ListOrder = z.infer<typeof ListOrder>;

export const listOrder = ListOrder.optional().meta({
  description: 'asc (default) or desc; ties are broken by name, ascending',
});
