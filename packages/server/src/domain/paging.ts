/** Page numbers as AKHQ reads them: absent, bad or ≤ 0 is page 1 (docs/api-conventions.md#paging). */
export const pageNumber = (page: number | undefined) => (page !== undefined && page > 0 ? page : 1);

/**
 * `before`/`after` of a paged list: the request's path and query with `page` replaced, parameters sorted
 * alphabetically as AKHQ sends them (docs/api-conventions.md#paging). Absent on the first and last page.
 */
export function pageLinks(url: string, page: number, pages: number): { before?: string; after?: string } {
  const link = (to: number) => {
    const parsed = new URL(url, 'http://x');
    parsed.searchParams.set('page', String(to));
    parsed.searchParams.sort();
    return `${parsed.pathname}?${parsed.searchParams}`;
  };
  return {
    ...(page > 1 && page <= pages + 1 ? { before: link(Math.min(page - 1, pages)) } : {}),
    ...(page < pages ? { after: link(page + 1) } : {}),
  };
}

/**
 * One page of a list held whole in memory (names a single listing request answers), in AKHQ's shape:
 * `page` is the number of pages, `total` the items over all pages.
 */
export function pageOf<T>(
  items: readonly T[],
  requested: number | undefined,
  pageSize: number,
  url: string,
): { results: T[]; before?: string; after?: string; page: number; total: number; pageSize: number } {
  const page = pageNumber(requested);
  const pages = Math.ceil(items.length / pageSize);
  return {
    results: items.slice((page - 1) * pageSize, page * pageSize),
    ...pageLinks(url, page, pages),
    page: pages,
    total: items.length,
    pageSize,
  };
}
