import { describe, expect, it } from 'vitest';
import { pageLinks, pageNumber, pageOf } from './paging.ts';

describe('paging', () => {
  it('reads absent, bad and non-positive pages as page 1', () => {
    expect([undefined, 0, -4, 3].map(pageNumber)).toEqual([1, 1, 1, 3]);
  });

  it('links the neighbouring pages with sorted parameters, none beyond the ends', () => {
    const url = '/kafka/api/local/topic?show=ALL&search=a%20b&page=2';
    expect(pageLinks(url, 2, 3)).toEqual({
      before: '/kafka/api/local/topic?page=1&search=a+b&show=ALL',
      after: '/kafka/api/local/topic?page=3&search=a+b&show=ALL',
    });
    expect(pageLinks('/api/c/topic', 1, 1)).toEqual({});
    expect(pageLinks('/api/c/topic?page=9', 9, 3)).toEqual({});
    expect(pageLinks('/api/c/topic?page=4', 4, 3)).toEqual({ before: '/api/c/topic?page=3' });
  });

  it('cuts a page from a whole list: the number of pages, the total, an empty page past the end', () => {
    const items = Array.from({ length: 7 }, (_, i) => i);
    expect(pageOf(items, 2, 3, '/api/c/share-groups?page=2')).toEqual({
      results: [3, 4, 5],
      before: '/api/c/share-groups?page=1',
      after: '/api/c/share-groups?page=3',
      page: 3,
      total: 7,
      pageSize: 3,
    });
    expect(pageOf(items, undefined, 3, '/x').results).toEqual([0, 1, 2]);
    expect(pageOf(items, 5, 3, '/x?page=5')).toMatchObject({ results: [], page: 3, total: 7 });
    expect(pageOf([], 1, 3, '/x')).toEqual({ results: [], page: 0, total: 0, pageSize: 3 });
  });
});
