import { GroupsListViewParam, TopicListViewParam, TopicSortColumn } from '@console/contract';
import { z } from 'zod';
import { readStorage, removeStorage, storageKeys, writeStorage } from '../../../api/storage';
import { OrderParam } from '../../../lib/server-sort';
import { parseSearchParams, toSearchParams } from '../../../lib/url-state';

/**
 * docs/behaviour.md#topic-list: the address holds search, topicListView, page, uiPageSize, sort and order.
 */
const UrlState = z.object({
  search: z.string().catch(''),
  topicListView: TopicListViewParam.optional().catch(undefined),
  groupsListView: GroupsListViewParam.optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1),
  uiPageSize: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  sort: TopicSortColumn.optional().catch(undefined),
  order: OrderParam,
  /** `streams`: each Streams app's internal topics folded into one row. */
  fold: z.enum(['streams']).optional().catch(undefined),
});
export type TopicListUrlState = z.output<typeof UrlState>;

export function parseTopicListUrl(params: URLSearchParams): TopicListUrlState {
  return parseSearchParams(UrlState, params);
}

export function topicListUrl(state: TopicListUrlState): URLSearchParams {
  return toSearchParams(state, { search: '', page: 1 });
}

/** What 'Keep search' stores under 'topicListSearch' (docs/behaviour.md#topic-list). */
const SavedSearch = z.object({
  search: z.string().catch(''),
  topicListView: TopicListViewParam.optional().catch(undefined),
  groupsListView: GroupsListViewParam.optional().catch(undefined),
  keepSearch: z.literal(true),
});
export type SavedSearch = z.output<typeof SavedSearch>;

export function readSavedSearch(): SavedSearch | null {
  const raw = readStorage('local', storageKeys.topicListSearch);
  if (!raw) return null;
  try {
    const parsed = SavedSearch.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeSavedSearch(state: TopicListUrlState): void {
  const { search, topicListView, groupsListView } = state;
  const saved: SavedSearch = { search, topicListView, groupsListView, keepSearch: true };
  writeStorage('local', storageKeys.topicListSearch, JSON.stringify(saved));
}

export function clearSavedSearch(): void {
  removeStorage('local', storageKeys.topicListSearch);
}

/** A saved search overrides the address on load, from page 1; null when the address already matches. */
export function applySavedSearch(
  url: TopicListUrlState,
  saved: SavedSearch | null,
): TopicListUrlState | null {
  if (!saved) return null;
  const next = { ...url, search: saved.search, topicListView: saved.topicListView };
  if (saved.groupsListView) next.groupsListView = saved.groupsListView;
  const same = next.search === url.search && next.topicListView === url.topicListView;
  return same && next.groupsListView === url.groupsListView ? null : { ...next, page: 1 };
}
