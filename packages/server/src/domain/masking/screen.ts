import type { PartMask } from './mask-record.ts';

/**
 * Whether none of a search filter's terms can be in a key or value as a masked viewer sees it, told from
 * the clear text without masking it: most records of a search match nothing, and masking each (a JSON
 * parse, an HMAC) cost 14 times the search. `false` means "not known": the caller masks and matches.
 */
export type Screen = (clear: string | null, filter: ScreenedFilter) => boolean;

/**
 * What a screen reads of a search filter (records/scan/filters.ts `SearchFilter`): its lowercased terms,
 * its case-insensitive `pattern` (null for long terms) and whether it asks for absent parts.
 */
export type ScreenedFilter = { readonly terms: readonly string[]; pattern: RegExp | null; isNull: boolean };

/**
 * Characters a mask's JSON string would escape (lone surrogates too), or that a term could only find
 * through a quote or an escape.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON escapes.
const UNPLAIN = /["\\\u0000-\u001f\ud800-\udfff]/u;
const HEX = /^[0-9a-f]+$/iu;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The screen of a part's masks, when one can be sound. Why it is: field masks are spliced into the text
 * (json-fields.ts), so the masked text is the clear text with some values replaced by JSON strings, and
 * a whole-part mask writes its output in place of everything. What a mask writes is, for HASH, hex
 * digits; for REPLACE, the replacement; for KEEP_LAST, the replacement then characters that stand, in
 * that order, in the text it was given (a string's own text, a number or literal as written, nothing of
 * an object) — in the clear text itself when the clear text holds no backslash, since only escapes make
 * a string's text differ from how it is written. Every value written is a quoted JSON string, and with
 * replacements free of quotes, backslashes and control characters nothing in it is escaped.
 *
 * So in a clear text without backslashes, a term without quotes or backslashes that is in the masked
 * text lies in what no mask touched (so in the clear text), or inside what one mask wrote: all hex
 * digits, inside a replacement, starting with the end of a replacement, or inside kept characters (so in
 * the clear text again). The terms are checked against hex and the replacements once per search; each
 * record then costs one `includes` and the filter's own test on the clear text, as an unmasked search.
 * Matching is that of the filter's case-insensitive `pattern`, character for character; filters without
 * one (long terms, compared lowercased, which may change lengths) are not screened. HIDE removes members
 * and so joins what stood apart: a part with a HIDE is not screened.
 */
export function screenOf(masks: readonly PartMask[]): Screen | undefined {
  if (masks.length === 0) return undefined;
  const kinds = masks.map((m) => m.mask.kind);
  if (kinds.includes('HIDE')) return undefined;
  const replacements = [
    ...new Set(masks.filter((m) => m.mask.kind !== 'HASH').map((m) => m.mask.replacement)),
  ];
  if (replacements.some((r) => UNPLAIN.test(r))) return undefined;
  const hash = kinds.includes('HASH');
  const verdicts = new WeakMap<ScreenedFilter, boolean>();
  return (clear, filter) => {
    if (clear === null || filter.pattern === null || filter.isNull) return false;
    let safe = verdicts.get(filter);
    if (safe === undefined) {
      safe = filter.terms.every((term) => outsideMasks(term, hash, replacements));
      verdicts.set(filter, safe);
    }
    return safe && !clear.includes('\\') && !filter.pattern.test(clear);
  };
}

/** Whether `term` cannot be found (case-insensitively) in anything the masks write. */
export function outsideMasks(term: string, hash: boolean, replacements: readonly string[]): boolean {
  if (UNPLAIN.test(term)) return false;
  if (hash && HEX.test(term) && term.length <= 64) return false;
  const anywhere = new RegExp(escapeRegExp(term), 'iu');
  for (const replacement of replacements) {
    if (anywhere.test(replacement)) return false;
    const chars = Array.from(replacement);
    for (let k = 1; k <= chars.length; k++) {
      if (new RegExp(`^${escapeRegExp(chars.slice(-k).join(''))}`, 'iu').test(term)) return false;
    }
  }
  return true;
}
