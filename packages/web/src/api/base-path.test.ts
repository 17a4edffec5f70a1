import { describe, expect, it } from 'vitest';
import { apiPath, normaliseBasePath, queryString } from './base-path';

describe('normaliseBasePath', () => {
  it('defaults to / and always has both slashes', () => {
    expect(normaliseBasePath(undefined)).toBe('/');
    expect(normaliseBasePath('')).toBe('/');
    expect(normaliseBasePath('/')).toBe('/');
    expect(normaliseBasePath('/kafka/')).toBe('/kafka/');
    expect(normaliseBasePath('kafka')).toBe('/kafka/');
    expect(normaliseBasePath('/a/b')).toBe('/a/b/');
  });
});

describe('apiPath', () => {
  it('encodes each segment', () => {
    expect(apiPath('local', 'group', 'my group/1')).toBe('local/group/my%20group%2F1');
    expect(apiPath('c', 'node', 3)).toBe('c/node/3');
  });
});

describe('queryString', () => {
  it('skips empty values and repeats arrays', () => {
    expect(queryString({ search: 'x y', page: 2, none: undefined, topics: ['a', 'b'] })).toBe(
      '?search=x+y&page=2&topics=a&topics=b',
    );
    expect(queryString({})).toBe('');
  });
});
