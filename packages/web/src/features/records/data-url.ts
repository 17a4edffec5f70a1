import { SEARCH_FIELDS, type SearchField } from '@console/contract';
import { z } from 'zod';
import { parseSearchParams, toSearchParams } from '../../lib/url-state';

export type Sort = 'OLDEST' | 'NEWEST';

const cursor = z
  .string()
  .regex(/^(\d+--?\d+)(_\d+--?\d+)*$/)
  .optional()
  .catch(undefined);
const instant = z
  .string()
  .refine((text) => !Number.isNaN(Date.parse(text)))
  .optional()
  .catch(undefined);
const search = z.string().optional().catch(undefined);

/** Spec part 1 §2 Data tab query parameters; every field falls back so an old link never breaks. */
const DataUrl = z.object({
  sort: z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(['OLDEST', 'NEWEST']))
    .optional()
    .catch(undefined),
  partition: z.coerce.number().int().min(0).optional().catch(undefined),
  timestamp: instant,
  endTimestamp: instant,
  after: cursor,
  offset: z.coerce.number().int().min(0).optional().catch(undefined),
  single: z
    .string()
    .transform((s) => s === 'true')
    .catch(false),
  searchByKey: search,
  searchByValue: search,
  searchByHeaderKey: search,
  searchByHeaderValue: search,
  searchByKeySubject: search,
  searchByValueSubject: search,
});
export type DataUrlState = z.output<typeof DataUrl>;

export function parseDataUrl(params: URLSearchParams): DataUrlState {
  return parseSearchParams(DataUrl, params);
}

export function dataUrl(state: Partial<DataUrlState>): URLSearchParams {
  return toSearchParams({ ...state, single: state.single ? 'true' : undefined }, {});
}

export function hasSearch(state: DataUrlState): boolean {
  return SEARCH_FIELDS.some((field) => state[field] !== undefined && state[field] !== '');
}

/** The filters the page, the search stream and the download send (contract §3.4 DataFilters). */
export function filtersQuery(state: DataUrlState, defaultSort: Sort) {
  const query: Record<string, string | number | undefined> = {
    sort: state.sort ?? defaultSort,
    partition: state.partition,
    timestamp: state.timestamp,
    endTimestamp: state.endTimestamp,
    after: state.after,
  };
  for (const field of SEARCH_FIELDS) query[field] = state[field] || undefined;
  return query;
}

/** The same filters with a new cursor and nothing of the single-record view: what every filter change does. */
export function withFilters(state: DataUrlState, change: Partial<DataUrlState>): DataUrlState {
  return { ...state, after: undefined, single: false, offset: undefined, ...change };
}

export function searchFields(state: DataUrlState): Record<SearchField, string | undefined> {
  return Object.fromEntries(SEARCH_FIELDS.map((field) => [field, state[field]])) as Record<
    SearchField,
    string | undefined
  >;
}
