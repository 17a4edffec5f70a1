import { describe, expect, it } from 'vitest';
import { dataUrl, downloadQuery, filtersQuery, hasSearch, parseDataUrl, withFilters } from './data-url';

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

  it('starts the first page and the download at the typed offsets; a page cursor moves only the page', () => {
    const typed = parse('offsets=0-5_2-0&sort=NEWEST');
    expect(typed.offsets).toBe('0-5_2-0');
    expect(filtersQuery(typed, 'OLDEST').after).toBe('0-6_2-1');
    expect(filtersQuery({ ...typed, sort: 'OLDEST' }, 'OLDEST').after).toBe('0-4_2--1');
    const paged = parse('offsets=0-5&after=0-60');
    expect(filtersQuery(paged, 'OLDEST').after).toBe('0-60');
    expect(downloadQuery(paged, 'OLDEST').after).toBe('0-4');
    expect(downloadQuery(parse('after=0-60'), 'OLDEST').after).toBeUndefined();
    expect(withFilters(paged, { partition: 0 })).toMatchObject({ offsets: '0-5', after: undefined });
    expect(parse('offsets=0--1').offsets).toBeUndefined();
  });
});
