import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseSearchParams, toSearchParams } from './url-state';

const schema = z.object({
  search: z.string().catch(''),
  page: z.coerce.number().int().min(1).catch(1),
  view: z.enum(['ALL', 'HIDE_INTERNAL']).catch('HIDE_INTERNAL'),
});
const defaults = { search: '', page: 1, view: 'HIDE_INTERNAL' as const };

describe('parseSearchParams', () => {
  it('reads valid values', () => {
    const state = parseSearchParams(schema, new URLSearchParams('search=orders&page=3&view=ALL'));
    expect(state).toEqual({ search: 'orders', page: 3, view: 'ALL' });
  });

  it('falls back per field on bad input', () => {
    const state = parseSearchParams(schema, new URLSearchParams('page=-4&view=BOGUS'));
    expect(state).toEqual(defaults);
  });
});

describe('toSearchParams', () => {
  it('omits defaults and empty values', () => {
    expect(toSearchParams({ search: '', page: 2, view: 'HIDE_INTERNAL' }, defaults).toString()).toBe(
      'page=2',
    );
  });
});
