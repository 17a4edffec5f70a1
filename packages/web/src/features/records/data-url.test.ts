import { describe, expect, it } from 'vitest';
import { dataUrl, filtersQuery, hasSearch, parseDataUrl, withFilters } from './data-url';

const parse = (query: string) => parseDataUrl(new URLSearchParams(query));

describe('the Data tab address', () => {
  it('reads every filter and falls back on bad values instead of failing', () => {
    const state = parse('sort=newest&partition=2&after=0-4_1--1&single=true&offset=7&searchByKey=a_E');
    expect(state).toMatchObject({ sort: 'NEWEST', partition: 2, after: '0-4_1--1', single: true, offset: 7 });
    expect(parse('sort=sideways&partition=All&after=zz&timestamp=never&offset=-1')).toMatchObject({
      sort: undefined,
      partition: undefined,
      after: undefined,
      timestamp: undefined,
      offset: undefined,
      single: false,
    });
  });

  it('writes back only what is set', () => {
    expect(dataUrl({ ...parse(''), partition: 1, searchByValue: 'x_C' }).toString()).toBe(
      'partition=1&searchByValue=x_C',
    );
    expect(dataUrl({ single: true, partition: 0, offset: 3 }).toString()).toBe(
      'single=true&partition=0&offset=3',
    );
  });

  it('sends the default sort and no empty filters; a filter change starts over', () => {
    const state = parse('after=0-9&searchByKey=&partition=1');
    expect(hasSearch(state)).toBe(false);
    expect(filtersQuery(state, 'NEWEST')).toMatchObject({ sort: 'NEWEST', partition: 1, after: '0-9' });
    expect(filtersQuery(state, 'NEWEST').searchByKey).toBeUndefined();
    const changed = withFilters(parse('after=0-9&single=true&offset=2'), { sort: 'OLDEST' });
    expect(changed).toMatchObject({ after: undefined, single: false, offset: undefined, sort: 'OLDEST' });
  });
});
