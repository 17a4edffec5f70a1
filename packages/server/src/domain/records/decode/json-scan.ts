/**
 * Walking JSON text that `JSON.parse` has accepted: where strings and values end,
 * with nothing checked, so that a field can be found or replaced without parsing the rest. Used by
 * masking (masking/json-fields.ts); filter expressions walk the value's bytes (expression/json-bytes.ts).
 */

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;

/** The text of a JSON string token (quotes included). */
export function stringContent(token: string): string {
  return token.includes('\\') ? (JSON.parse(token) as string) : token.slice(1, -1);
}

export function skipSpace(t: string, i: number): number {
  let j = i;
  for (;;) {
    const c = t.charCodeAt(j);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) j++;
    else return j;
  }
}

/** Past the closing quote of the string whose opening quote is at `i`. */
export function stringEnd(t: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const quote = t.indexOf('"', from);
    if (quote < 0) throw new Error('unterminated JSON string');
    let b = quote - 1;
    while (t.charCodeAt(b) === BACKSLASH) b--;
    // An even number of backslashes before it: the quote is not escaped.
    if ((quote - 1 - b) % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** Past the end of the value starting at `i`. */
export function valueEnd(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c === QUOTE) return stringEnd(t, i);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    let depth = 0;
    let j = i;
    while (j < t.length) {
      const d = t.charCodeAt(j);
      if (d === QUOTE) {
        j = stringEnd(t, j);
        continue;
      }
      if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
      else if ((d === CLOSE_BRACE || d === CLOSE_BRACKET) && --depth === 0) return j + 1;
      j++;
    }
    throw new Error('unterminated JSON value');
  }
  // A number, true, false or null: up to the next delimiter.
  let j = i + 1;
  while (j < t.length) {
    const d = t.charCodeAt(j);
    if (d === 0x2c || d === CLOSE_BRACE || d === CLOSE_BRACKET || d <= 0x20) break;
    j++;
  }
  return j;
}
