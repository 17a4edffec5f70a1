import { describe, expect, it } from 'vitest';
import { applySavedSearch, parseTopicListUrl, topicListUrl } from './topic-list-search';

describe('topic list address', () => {
  it('reads the four documented parameters, in any case for the view', () => {
    const state = parseTopicListUrl(new URLSearchParams('search=ord&topicListView=all&page=3&uiPageSize=50'));
    expect(state).toEqual({ search: 'ord', topicListView: 'ALL', page: 3, uiPageSize: 50 });
  });

  it('falls back per field on a bad link, and an empty query is page 1 without search', () => {
    expect(parseTopicListUrl(new URLSearchParams('page=-1&topicListView=NOPE&uiPageSize=x'))).toEqual({
      search: '',
      page: 1,
    });
    expect(parseTopicListUrl(new URLSearchParams(''))).toEqual({ search: '', page: 1 });
  });

  it('writes only what differs from the defaults', () => {
    expect(topicListUrl({ search: '', page: 1, topicListView: 'ALL' }).toString()).toBe('topicListView=ALL');
    expect(topicListUrl({ search: 'a b', page: 2 }).toString()).toBe('search=a+b&page=2');
  });
});

describe('applySavedSearch', () => {
  const url = { search: 'x', page: 4, topicListView: 'ALL' as const };

  it('overrides the address from page 1', () => {
    const saved = { search: 'orders', topicListView: 'HIDE_STREAM' as const, keepSearch: true as const };
    expect(applySavedSearch(url, saved)).toEqual({ search: 'orders', topicListView: 'HIDE_STREAM', page: 1 });
  });

  it('leaves the address alone when nothing is saved or it already matches', () => {
    expect(applySavedSearch(url, null)).toBeNull();
    expect(applySavedSearch(url, { search: 'x', topicListView: 'ALL', keepSearch: true })).toBeNull();
  });
});
