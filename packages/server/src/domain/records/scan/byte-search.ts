import { isAscii } from 'node:buffer';

/**
 * Tells, from a key's or value's bytes alone, that a search's terms are certainly not in the text the
 * search would read, without making that text: most records of a search match nothing, and decoding each
 * value to a string and running the case-insensitive pattern over it was a third of the scan's CPU.
 *
 * Sound only for terms that are all ASCII, and only says "absent" when the bytes are all ASCII too: such
 * bytes are valid UTF-8, so the text is exactly those characters (decode.ts), and on ASCII text the
 * filter's Unicode case-insensitive match (`iu`: `k` also matches U+212A, `s` U+017F) and `toLowerCase`
 * both come down to folding A-Z onto a-z, which is what this compares. Anything else (a term found, a
 * byte ≥ 0x80, which could be one of those signs, or invalid UTF-8 shown as base64) is "not known": the
 * caller decodes and matches as before, so answers do not change.
 */
export type ByteScreen = (bytes: Uint8Array) => boolean;

/** A-Z folded onto a-z, every other byte itself. */
const FOLD = new Uint8Array(256);
for (let b = 0; b < 256; b++) FOLD[b] = b >= 0x41 && b <= 0x5a ? b + 0x20 : b;

/** The screen of these lowercased terms (any of them may match), or undefined when one is not ASCII. */
export function byteScreenOf(terms: readonly string[]): ByteScreen | undefined {
  if (terms.length === 0) return undefined;
  const finders: ((bytes: Uint8Array) => boolean)[] = [];
  for (const term of terms) {
    const finder = foldedFinder(term);
    if (!finder) return undefined;
    finders.push(finder);
  }
  if (finders.length === 1) {
    const [only] = finders as [(bytes: Uint8Array) => boolean];
    return (bytes) => !only(bytes) && isAscii(bytes);
  }
  return (bytes) => {
    for (const find of finders) if (find(bytes)) return false;
    return isAscii(bytes);
  };
}

/**
 * A Boyer-Moore-Horspool search for `term` ignoring ASCII case: on a miss it skips by the distance from
 * the window's last byte to that byte's last place in the term (either case), so a 14-byte term reads
 * about one byte in 14 of a value that does not hold it. The table gives 0 for the term's last byte, so
 * the loop over a value that does not hold it is one table read and one add a step (twice as fast as
 * comparing the folded byte first).
 */
function foldedFinder(term: string): ((bytes: Uint8Array) => boolean) | undefined {
  const m = term.length;
  if (m === 0) return undefined;
  const needle = new Uint8Array(m);
  for (let i = 0; i < m; i++) {
    const c = term.charCodeAt(i);
    if (c >= 0x80) return undefined;
    needle[i] = FOLD[c] as number;
  }
  const skip = new Int32Array(256).fill(m);
  const both = (c: number, value: number) => {
    skip[c] = value;
    // The upper-case letter skips as its lower case does.
    if (c >= 0x61 && c <= 0x7a) skip[c - 0x20] = value;
  };
  for (let i = 0; i < m - 1; i++) both(needle[i] as number, m - 1 - i);
  const last = m - 1;
  const lastByte = needle[last] as number;
  // Where the window goes after its last byte matched but the rest did not: Horspool's shift for it.
  const afterMatch = skip[lastByte] as number;
  both(lastByte, 0);
  return (bytes) => {
    const n = bytes.length;
    let i = last;
    while (i < n) {
      const step = skip[bytes[i] as number] as number;
      if (step !== 0) {
        i += step;
        continue;
      }
      let j = last - 1;
      let k = i - 1;
      while (j >= 0 && FOLD[bytes[k] as number] === needle[j]) {
        j--;
        k--;
      }
      if (j < 0) return true;
      i += afterMatch;
    }
    return false;
  };
}
