import { SEARCH_FIELDS, type SearchField } from '@console/contract';
import { z } from 'zod';
import { parseSearchParams, toSearchParams } from '../../lib/url-state';
import { parseStartOffsets, type Sort, startOffsetsToCursor } from './cursor';

const cursor = z
  .string()
  .regex(/^(\d+--?\d+)(_\d+--?\d+)*$/)
  .optional()
  .catch(undefined);
const startOffsets = z
  .string()
  .regex(/^(\d+-\d+)(_\d+-\d+)*$/)
  .optional()
  .catch(undefined);
const instant = z
  .string()
  .refine((text) => !Number.isNaN(Date.parse(text)))
  .optional()
  .catch(undefined);
const search = z.string().optional().catch(undefined);

/**
 * The Data tab's address (docs/behaviour.md#data-tab); every field falls back so an old link never breaks.
 */
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
  /** The Offsets form's start per partition (`partition-offset` pairs); the first page starts there. */
  offsets: startOffsets,
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
  /** The CEL filter expression. */
  filter: search,
});
export type DataUrlState = z.output<typeof DataUrl>;

export function parseDataUrl(params: URLSearchParams): DataUrlState {
  return parseSearchParams(DataUrl, params);
}

export function dataUrl(state: Partial<DataUrlState>): URLSearchParams {
  return toSearchParams({ ...state, single: state.single ? 'true' : undefined }, {});
}

export function hasSearch(state: DataUrlState): boolean {
  return [...SEARCH_FIELDS, 'filter' as const].some(
    (field) => state[field] !== undefined && state[field] !== '',
  );
}

/**
 * The filters the page and the search stream send (docs/api-conventions.md#data-filters). `after` is the
 * page's cursor, or where the typed offsets start when on the first page.
 */
export function filtersQuery(state: DataUrlState, defaultSort: Sort) {
  const sort = state.sort ?? defaultSort;
  const query: Record<string, string | number | undefined> = {
    sort,
    partition: state.partition,
    timestamp: state.timestamp,
    endTimestamp: state.endTimestamp,
    after: state.after ?? startOffsetsToCursor(parseStartOffsets(state.offsets), sort),
  };
  for (const field of SEARCH_FIELDS) query[field] = state[field] || undefined;
  query.filter = state.filter || undefined;
  return query;
}

/** The download exports the whole query result: from the typed offsets, whatever page is showing. */
export function downloadQuery(state: DataUrlState, defaultSort: Sort) {
  return filtersQuery({ ...state, after: undefined }, defaultSort);
}

/**
 * The same filters with a new cursor and nothing of the single-record view: what every filter change does.
 */
export function withFilters(state: DataUrlState, change: Partial<DataUrlState>): DataUrlState {
  return { ...state, after: undefined, single: false, offset: undefined, ...change };
}

export function searchFields(state: DataUrlState): Record<SearchField, string | undefined> {
  return Object.fromEntries(SEARCH_FIELDS.map((field) => [field, state[field]])) as Record<
    SearchField,
    string | undefined
  >;
}
