import { SEARCH_FIELDS, type SearchField } from '@console/contract';
import { BatchRecord } from '../../../kafka/fetch/batches/record-batches.ts';
import type { RawRecord, RecordScreen } from '../../../kafka/fetch/types.ts';
import type { MaskedRecord } from '../../masking/masked-record.ts';
import { type DecodeContext, plainBytes } from '../decode/decode.ts';
import { type ByteScreen, byteScreenOf } from './bytes/byte-search.ts';

export type MatchType = 'C' | 'N' | 'E';
/**
 * One `searchBy*` filter: lowercased terms and how they combine (OR for C and E, AND for N). `pattern`
 * finds any term ignoring case without lowercasing each (possibly large) input first; it costs up to
 * input × terms' length, so long terms (the caller's text) are searched with `includes` on the
 * lowercased input instead, which stays linear (an 8,000-character term held the event loop
 * 5 s per 1 MB record). `pattern` is null then. `bytes` tells from a part's bytes that no term is in
 * its text (bytes/byte-search.ts), for C and N filters of ASCII terms.
 */
export type SearchFilter = {
  /** The query's text it was read from (a scan's worker threads read it again, parallel/scan-worker.ts). */
  text: string;
  type: MatchType;
  terms: string[];
  isNull: boolean;
  pattern: RegExp | null;
  bytes?: ByteScreen | undefined;
};

/** Terms up to this many characters in all are matched by one case-insensitive regex. */
const PATTERN_MAX_CHARS = 32;
export type SearchFilters = Partial<Record<SearchField, SearchFilter>>;

/**
 * `text_TYPE` (docs/api-conventions.md#search-text): the type is what follows the last `_` when it is C, N or
 * E; otherwise the whole value is the text and the type is C. Empty text (`_C` alone too) is no filter.
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
  const short = terms.reduce((n, t) => n + t.length, 0) <= PATTERN_MAX_CHARS;
  const pattern = short
    ? new RegExp(terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'iu')
    : null;
  const isNull = text.trim().toLowerCase() === 'null';
  const bytes = type === 'E' || isNull ? undefined : byteScreenOf(terms);
  return { text: raw, type, terms, isNull, pattern, ...(bytes ? { bytes } : {}) };
}

/**
 * Lowercases and splits on whitespace outside double quotes (docs/api-conventions.md#search-text); the
 * grouping quotes are stripped. `\"` stands for a literal quote (so a JSON fragment such as
 * `\"status\":\"FAILED\"` can be found); every other backslash is kept as it is. AKHQ dropped all
 * backslashes, leaving no way to say a quote.
 */
export function splitTerms(text: string): string[] {
  const terms: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  const chars = [...text.toLowerCase()];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    if (char === '\\' && chars[i + 1] === '"') {
      current += '"';
      started = true;
      i++;
    } else if (char === '"') {
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
  if (filter.isNull) {
    const nulls = inputs.reduce((n, i) => (i === null || i === undefined ? n + 1 : n), 0);
    return filter.type === 'N' ? nulls === 0 : nulls === inputs.length;
  }
  // Hot path of every search: no intermediate arrays, no lowercased copies of large values.
  for (const input of inputs) {
    if (input === null || input === undefined) continue;
    switch (filter.type) {
      case 'C':
        if (containsAny(filter, input)) return true;
        break;
      case 'E':
        if (filter.terms.includes(input.toLowerCase())) return true;
        break;
      case 'N':
        if (containsAny(filter, input)) return false;
        break;
    }
  }
  return filter.type === 'N';
}

function containsAny(filter: SearchFilter, input: string): boolean {
  if (filter.pattern) return filter.pattern.test(input);
  const lower = input.toLowerCase();
  return filter.terms.some((t) => lower.includes(t));
}

export function parseFilters(query: Partial<Record<SearchField, string>>): SearchFilters {
  const filters: SearchFilters = {};
  for (const field of SEARCH_FIELDS) {
    const parsed = parseFilter(query[field]);
    if (parsed) filters[field] = parsed;
  }
  return filters;
}

/** Whether a record passes `endTimestamp` and every search filter (AND); cheap checks first. */
export function passes(
  record: MaskedRecord,
  filters: SearchFilters,
  endTimestamp: number | undefined,
): boolean {
  if (endTimestamp !== undefined && record.raw.timestamp > endTimestamp) return false;
  const f = filters;
  if (f.searchByKey && !partMatches(record, 'key', f.searchByKey)) return false;
  if (
    f.searchByHeaderKey &&
    !matches(
      f.searchByHeaderKey,
      record.headers.map((h) => h.key),
    )
  )
    return false;
  if (
    f.searchByHeaderValue &&
    !matches(
      f.searchByHeaderValue,
      record.headers.map((h) => h.value),
    )
  )
    return false;
  if (f.searchByValue && !partMatches(record, 'value', f.searchByValue)) return false;
  if (f.searchByKeySubject && !matches(f.searchByKeySubject, [record.key.name ?? null])) return false;
  if (f.searchByValueSubject && !matches(f.searchByValueSubject, [record.value.name ?? null])) return false;
  return true;
}

/** `contains` and `not contains` on a masked part decide without masking it when the screen can tell. */
function partMatches(record: MaskedRecord, part: 'key' | 'value', filter: SearchFilter): boolean {
  if (filter.bytes) {
    // Most records of a search hold no term: told from the bytes, the text is never made.
    const bytes = record.plainBytes(part);
    if (bytes && filter.bytes(bytes)) return filter.type === 'N';
  }
  if (filter.type !== 'E' && record.lacks(part, filter)) return filter.type === 'N';
  return matches(filter, [record[part].text]);
}

/** The byte screens of the search's `contains` filters on the key and value that can rule records out. */
function partScreens(filters: SearchFilters, context: DecodeContext, masked: boolean) {
  if (masked) return [];
  return (['key', 'value'] as const).flatMap((part) => {
    const filter = part === 'key' ? filters.searchByKey : filters.searchByValue;
    const screen = filter?.type === 'C' && !filter.isNull ? filter.bytes : undefined;
    return screen && !context.codecs?.[part] ? [{ part, screen }] : [];
  });
}

/**
 * Tells from a raw record's bytes alone that it cannot pass the search filters: a `contains` filter on the
 * key or value whose terms the byte screen finds absent (what partMatches would conclude, and every filter
 * must pass). The scan drops such a record before making its decoded and masked views, most records of a
 * search that matches little. Undefined when no filter can tell so: none is a screened `contains` filter,
 * the viewer has a mask (masking may write text the bytes do not hold), or the part has a codec.
 */
export function rawRejector(
  filters: SearchFilters,
  context: DecodeContext,
  masked: boolean,
): ((raw: RawRecord) => boolean) | undefined {
  const screens = partScreens(filters, context, masked);
  if (screens.length === 0) return undefined;
  const framed = context.detectSchemas && Boolean(context.schemas);
  return (raw) => {
    for (const { part, screen } of screens) {
      if (raw instanceof BatchRecord) {
        // Tested where it lies in its record set (no view), unless it is null (never ruled out) or may
        // be framed with a registry schema id (plainBytes decides that).
        const at = part === 'key' ? raw.keyAt : raw.valueAt;
        const length = part === 'key' ? raw.keyLength : raw.valueLength;
        if (length < 0) continue;
        const set = raw.bytes;
        if (!framed || length < 5 || set[at] !== 0) {
          if (screen.within(set, at, length)) return true;
          continue;
        }
      }
      const bytes = plainBytes(raw[part], context, part);
      if (bytes && screen(bytes)) return true;
    }
    return false;
  };
}

/**
 * rawRejector's test of the bytes where they lie, for the reader, which then makes no record object for
 * what it rules out (kafka/fetch/types.ts RecordScreen). A part that may be framed with a registry schema
 * id is not decided here: rawRejector decides that record once it is made. `framed`: whether a part
 * may be (a scan worker has no registry of its own, but its scan has one).
 */
export function recordScreen(
  filters: SearchFilters,
  context: DecodeContext,
  masked: boolean,
  framed = context.detectSchemas && Boolean(context.schemas),
): RecordScreen | undefined {
  const screens = partScreens(filters, context, masked);
  if (screens.length === 0) return undefined;
  return (bytes, keyAt, keyLength, valueAt, valueLength) => {
    for (const { part, screen } of screens) {
      const at = part === 'key' ? keyAt : valueAt;
      const length = part === 'key' ? keyLength : valueLength;
      if (length < 0 || (framed && length >= 5 && bytes[at] === 0)) continue;
      if (screen.within(bytes, at, length)) return true;
    }
    return false;
  };
}
