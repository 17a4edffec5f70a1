import type { SearchFilter } from '../search/search-filter';

/**
 * The words a search looks for, to mark in the cells: the terms of a Contains or Equals filter, split
 * as the server splits them (whitespace outside double quotes, `\"` a literal quote), lowercased.
 * A Not Contains filter marks nothing: what it names is absent.
 */
export function highlightTerms(filter: SearchFilter): string[] {
  if (filter.type === 'N') return [];
  const terms: string[] = [];
  let current = '';
  let quoted = false;
  const text = filter.text.toLowerCase();
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '\\' && text[i + 1] === '"') {
      current += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && /\s/.test(char)) {
      if (current) terms.push(current);
      current = '';
    } else current += char;
  }
  if (current) terms.push(current);
  return terms.filter((t) => t !== 'null');
}

/**
 * Where the terms occur in the text, ignoring case, as sorted non-overlapping [start, end) ranges.
 * Plain `indexOf` on the lowercased text: no term ever becomes a regular expression. Text whose
 * lowercase form has another length (a few Unicode letters) is not marked rather than marked wrong.
 */
export function matchRanges(text: string, terms: readonly string[]): [number, number][] {
  if (terms.length === 0 || text.length === 0) return [];
  const lower = text.toLowerCase();
  if (lower.length !== text.length) return [];
  const ranges: [number, number][] = [];
  for (const term of terms) {
    for (let at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + term.length))
      ranges.push([at, at + term.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}
