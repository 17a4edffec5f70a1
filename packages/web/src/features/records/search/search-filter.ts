import type { SearchField } from '@console/contract';

/** docs/api-conventions.md#search-text: C contains, N not contains, E equals. */
export type MatchType = 'C' | 'N' | 'E';
export type SearchFilter = { text: string; type: MatchType };
export type SearchFilters = Record<SearchField, SearchFilter>;

export const matchTypes: [MatchType, string][] = [
  ['C', 'Contains'],
  ['N', 'Not Contains'],
  ['E', 'Equals'],
];

const types = new Set<string>(['C', 'N', 'E']);

/**
 * Reads `text_TYPE`: the part after the last `_` is the type; anything else means contains
 * (docs/api-conventions.md#search-text).
 */
export function parseSearchFilter(raw: string | undefined): SearchFilter {
  if (!raw) return { text: '', type: 'C' };
  const cut = raw.lastIndexOf('_');
  const letter = raw.slice(cut + 1);
  if (cut > 0 && types.has(letter)) return { text: raw.slice(0, cut), type: letter as MatchType };
  return { text: raw, type: 'C' };
}

/** `text_TYPE`, or undefined for an empty text (the filter is off). */
export function formatSearchFilter(filter: SearchFilter): string | undefined {
  return filter.text.trim() === '' ? undefined : `${filter.text}_${filter.type}`;
}
