import { z } from 'zod';

/**
 * AKHQ's paged list (docs/api-conventions.md#paging). `page` is the TOTAL number of pages, not the current
 * one: the UI reads it that way. `before`/`after` are the request path and sorted query with `page` replaced.
 */
export function pagedList<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    before: z.string().optional(),
    after: z.string().optional(),
    page: z.number().int().meta({ description: 'Total number of pages (0 when there is nothing)' }),
    total: z.number().int().meta({ description: 'Items after filtering, over all pages' }),
    pageSize: z.number().int(),
  });
}
