import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { parseSearchParams, toSearchParams } from '../../lib/url-state';
import { Pagination } from '../pagination/pagination';
import './filter-bar.css';

const SearchPage = z.object({
  search: z.string().catch(''),
  page: z.coerce.number().int().min(1).catch(1),
});
const DEFAULTS = { search: '', page: 1 };

/**
 * Search text and page of a paged list, kept in the address: a new search is a history entry and starts
 * at page 1; a page change replaces the entry.
 */
export function useSearchPage() {
  const [params, setParams] = useSearchParams();
  const url = parseSearchParams(SearchPage, params);
  return {
    params: url,
    setSearch: (search: string) => setParams(toSearchParams({ search, page: 1 }, DEFAULTS)),
    setPage: (page: number) => setParams(toSearchParams({ ...url, page }, DEFAULTS), { replace: true }),
  };
}

type Props = {
  /** Names the form, e.g. 'Connector search'. */
  label: string;
  /** Names the search box, e.g. 'Search connectors'. */
  inputLabel: string;
  list: ReturnType<typeof useSearchPage>;
  /**
   * The number of pages the server reported, undefined while the list loads: a page past the end (after
   * deletes, or an old link) moves to the last one. `false`: the list is not paged, no pagination.
   */
  pages: number | undefined | false;
};

/** The sticky filter bar of a list: search box, Search button and, for a paged list, pagination. */
export function SearchBar({ label, inputLabel, list, pages }: Props) {
  const [draft, setDraft] = useState(list.params.search);
  useEffect(() => setDraft(list.params.search), [list.params.search]);
  useEffect(() => {
    if (pages && list.params.page > pages) list.setPage(pages);
  }, [list, pages]);
  return (
    <form
      className="filter-bar"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        list.setSearch(draft);
      }}
    >
      <input
        className="input filter-bar__search"
        type="search"
        aria-label={inputLabel}
        placeholder="Search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <button type="submit" className="btn btn--primary">
        Search
      </button>
      {pages !== false && (
        <Pagination page={list.params.page} totalPages={pages ?? 1} onChange={list.setPage} />
      )}
    </form>
  );
}
