import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { parseSearchParams, toSearchParams } from '../../lib/url-state';
import { Pagination } from '../pagination/pagination';

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
  totalPages: number;
};

/** The sticky filter bar of a paged list: search box, Search button and pagination. */
export function SearchBar({ label, inputLabel, list, totalPages }: Props) {
  const [draft, setDraft] = useState(list.params.search);
  useEffect(() => setDraft(list.params.search), [list.params.search]);
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
      <Pagination page={list.params.page} totalPages={totalPages} onChange={list.setPage} />
    </form>
  );
}
