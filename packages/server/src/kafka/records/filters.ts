import type { SearchField } from '@console/contract';

export type MatchType = 'C' | 'N' | 'E';
/** One `searchBy*` filter: lowercased terms and how they combine (OR for C and E, AND for N). */
export type SearchFilter = { type: MatchType; terms: string[]; isNull: boolean };
export type SearchFilters = Partial<Record<SearchField, SearchFilter>>;

/**
 * `text_TYPE` (contract §3.4): the type is what follows the last `_` when it is C, N or E; otherwise the
 * whole value is the text and the type is C. Empty text (`_C` alone too) is no filter.
 */
export function parseFilter(raw: string | undefined): SearchFilter | undefined {
  if (raw === undefined) return undefined;
  let text = raw;
  let type: MatchType = 'C';
  const cut = raw.lastIndexOf('_');
  const suffix = raw.slice(cut + 1).toUpperCase();
  if (cut >= 0 && (suffix === 'C' || suffix === 'N' || suffix === 'E')) {
    text = raw.slice(0, cut);
    type = suffix;
  }
  const terms = splitTerms(text);
  if (terms.length === 0) return undefined;
  return { type, terms, isNull: text.trim().toLowerCase() === 'null' };
}

/**
 * Lowercases and splits on whitespace outside double quotes (spec part 1 §5); quotes are stripped,
 * backslashes removed, as AKHQ does.
 */
export function splitTerms(text: string): string[] {
  const terms: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (const char of text.replaceAll('\\', '').toLowerCase()) {
    if (char === '"') {
      quoted = !quoted;
      started = true;
    } else if (/\s/.test(char) && !quoted) {
      if (started) terms.push(current);
      current = '';
      started = false;
    } else {
      current += char;
      started = true;
    }
  }
  if (started) terms.push(current);
  return terms.filter((t) => t.length > 0);
}

/**
 * C: some input contains some term. E: some input equals some term. N: no input contains any term.
 * The literal text `null` asks for absent inputs: C and E match when every input is null, N when none is.
 */
export function matches(filter: SearchFilter, inputs: readonly (string | null | undefined)[]): boolean {
  const present = inputs.filter((i): i is string => i !== null && i !== undefined);
  if (filter.isNull) {
    return filter.type === 'N' ? present.length === inputs.length : present.length === 0;
  }
  const lowered = present.map((i) => i.toLowerCase());
  switch (filter.type) {
    case 'C':
      return lowered.some((i) => filter.terms.some((t) => i.includes(t)));
    case 'E':
      return lowered.some((i) => filter.terms.includes(i));
    case 'N':
      return lowered.every((i) => filter.terms.every((t) => !i.includes(t)));
  }
}

export function parseFilters(query: Partial<Record<SearchField, string>>): SearchFilters {
  const filters: SearchFilters = {};
  for (const field of [
    'searchByKey',
    'searchByValue',
    'searchByHeaderKey',
    'searchByHeaderValue',
    'searchByKeySubject',
    'searchByValueSubject',
  ] as const) {
    const parsed = parseFilter(query[field]);
    if (parsed) filters[field] = parsed;
  }
  return filters;
}
