import { SEARCH_FIELDS, type SearchField } from '@console/contract';
import { useState } from 'react';
import { FilterExpressionField } from './filter-expression-field';
import {
  formatSearchFilter,
  type MatchType,
  matchTypes,
  parseSearchFilter,
  type SearchFilters,
} from './search-filter';

const labels: Record<SearchField, string> = {
  searchByKey: 'Key',
  searchByValue: 'Value',
  searchByHeaderKey: 'Header key',
  searchByHeaderValue: 'Header value',
  searchByKeySubject: 'Key subject',
  searchByValueSubject: 'Value subject',
};

type Props = {
  /** The filters in the address, `text_TYPE` each. */
  current: Record<SearchField, string | undefined>;
  /** The filter expression in the address, and the server's refusal of it. */
  filter: string | undefined;
  filterError: string | undefined;
  searching: boolean;
  onSearch: (filters: Record<SearchField | 'filter', string | undefined>) => void;
  onStop: () => void;
  onClear: () => void;
};

const fromAddress = (current: Props['current']): SearchFilters =>
  Object.fromEntries(SEARCH_FIELDS.map((f) => [f, parseSearchFilter(current[f])])) as SearchFilters;

/**
 * docs/behaviour.md#data-tab: six search fields with Contains / Not Contains / Equals, then Search, Stop,
 * Clear. Whitespace splits a text into patterns unless it is in double quotes
 * (docs/behaviour.md#search-text); `\"` is a literal quote, so JSON fragments can be found. The help under
 * the fields says so.
 */
export function RecordSearchForm({
  current,
  filter,
  filterError,
  searching,
  onSearch,
  onStop,
  onClear,
}: Props) {
  const [filters, setFilters] = useState(() => fromAddress(current));
  const [expression, setExpression] = useState(filter ?? '');
  const set = (field: SearchField, change: Partial<{ text: string; type: MatchType }>) =>
    setFilters({ ...filters, [field]: { ...filters[field], ...change } });

  return (
    <form
      className="panel record-search"
      aria-label="Search records"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch({
          ...(Object.fromEntries(
            SEARCH_FIELDS.map((f) => [f, formatSearchFilter(filters[f])]),
          ) as Props['current']),
          filter: expression.trim() || undefined,
        });
      }}
    >
      <div className="record-search__fields">
        {SEARCH_FIELDS.map((field) => (
          <div key={field} className="record-search__field">
            <label htmlFor={`search-${field}`}>{labels[field]}</label>
            <input
              id={`search-${field}`}
              className="input"
              type="search"
              placeholder="Search"
              aria-describedby="record-search-help"
              value={filters[field].text}
              onChange={(event) => set(field, { text: event.target.value })}
            />
            <select
              className="select"
              aria-label={`${labels[field]} match`}
              value={filters[field].type}
              onChange={(event) => set(field, { type: event.target.value as MatchType })}
            >
              {matchTypes.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <FilterExpressionField value={expression} onChange={setExpression} error={filterError} />
      <p id="record-search-help" className="record-search__help">
        Words separated by spaces are searched separately; <code>"two words"</code> in double quotes are
        searched together. Type <code>\"</code> for a literal quote, e.g. <code>\"status\":\"FAILED\"</code>.
      </p>
      <div className="record-search__actions">
        <button type="submit" className="btn btn--primary">
          Search
        </button>
        <button type="button" className="btn" disabled={!searching} onClick={onStop}>
          Stop
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => {
            setFilters(fromAddress({} as Props['current']));
            setExpression('');
            onClear();
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
