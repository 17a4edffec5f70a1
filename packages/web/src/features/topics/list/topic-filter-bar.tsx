import type { GroupsListView, TopicListView } from '@console/contract';
import { useState } from 'react';
import { pageSizeChoices } from '../../../components/pagination/page-choices';
import { Pagination } from '../../../components/pagination/pagination';

export type TopicFilters = { search: string; topicListView: TopicListView; groupsListView: GroupsListView };

const topicViews: [TopicListView, string][] = [
  ['ALL', 'All topics'],
  ['HIDE_INTERNAL', 'Hide internal'],
  ['HIDE_INTERNAL_STREAM', 'Hide internal & stream'],
  ['HIDE_STREAM', 'Hide stream'],
];
const groupViews: [GroupsListView, string][] = [
  ['ALL', 'All consumer groups'],
  ['HIDE_EMPTY', 'Hide empty groups'],
];

type Props = {
  filters: TopicFilters;
  showGroupsView: boolean;
  keepSearch: boolean;
  onKeepSearch: (keep: boolean) => void;
  onSearch: (filters: TopicFilters) => void;
  pageSize: number;
  onPageSize: (size: number) => void;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** The fold of Streams apps' internal topics, when the caller may read groups. */
  fold?: { on: boolean; onChange: (on: boolean) => void };
};

/**
 * The sticky filter bar of the topic list (docs/behaviour.md#topic-list); views apply at once, text on
 * Search.
 */
export function TopicFilterBar(props: Props) {
  const { filters, onSearch } = props;
  const [search, setSearch] = useState(filters.search);
  return (
    <form
      className="filter-bar"
      aria-label="Topic search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch({ ...filters, search });
      }}
    >
      <input
        className="input filter-bar__search"
        type="search"
        aria-label="Search topics"
        placeholder="Search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <select
        className="select"
        aria-label="Topic view"
        value={filters.topicListView}
        onChange={(event) =>
          onSearch({ ...filters, search, topicListView: event.target.value as TopicListView })
        }
      >
        {topicViews.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {props.showGroupsView && (
        <select
          className="select"
          aria-label="Consumer group view"
          value={filters.groupsListView}
          onChange={(event) =>
            onSearch({ ...filters, search, groupsListView: event.target.value as GroupsListView })
          }
        >
          {groupViews.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      )}
      <button type="submit" className="btn btn--primary">
        Search
      </button>
      <label className="filter-bar__check">
        <input
          type="checkbox"
          className="checkbox"
          checked={props.keepSearch}
          onChange={(event) => props.onKeepSearch(event.target.checked)}
        />
        Keep search
      </label>
      {props.fold && (
        <label className="filter-bar__check">
          <input
            type="checkbox"
            className="checkbox"
            checked={props.fold.on}
            onChange={(event) => props.fold?.onChange(event.target.checked)}
          />
          Fold Streams apps
        </label>
      )}
      <div className="filter-bar__end">
        <select
          className="select"
          aria-label="Results per page"
          value={props.pageSize}
          onChange={(event) => props.onPageSize(Number(event.target.value))}
        >
          {pageSizeChoices(props.pageSize).map((size) => (
            <option key={size} value={size}>
              {size} per page
            </option>
          ))}
        </select>
        <Pagination page={props.page} totalPages={props.totalPages} onChange={props.onPage} />
      </div>
    </form>
  );
}
