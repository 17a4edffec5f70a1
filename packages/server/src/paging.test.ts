import { describe, expect, it } from 'vitest';
import { pageLinks, pageNumber } from './paging.ts';

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
});
