import { ScreenMemory } from './byte-screen.ts';

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
export type ByteScreen = {
  (bytes: Uint8Array): boolean;
  /** The same answer for `length` bytes of `set` from `at`, without a view of them (a record's value). */
  within(set: Buffer, at: number, length: number): boolean;
};

/** A-Z folded onto a-z, every other byte itself. */
const FOLD = new Uint8Array(256);
for (let b = 0; b < 256; b++) FOLD[b] = b >= 0x41 && b <= 0x5a ? b + 0x20 : b;

/**
 * The screen of these lowercased terms (any of them may match), or undefined when one is not ASCII. It
 * runs in WebAssembly (byte-screen.wat): the terms are looked for sixteen positions at a time, ignoring
 * ASCII case, then the bytes are checked to be ASCII, 64 at a time. A record set is copied into its memory
 * once and its records are tested where they lie: a JavaScript Boyer-Moore-Horspool loop, `isAscii` and a
 * view of each value cost about 0.6 µs a record of 1 KB (2026-11-29, tests/bench/results/search.md).
 */
export function byteScreenOf(terms: readonly string[]): ByteScreen | undefined {
  if (terms.length === 0) return undefined;
  const folded: Uint8Array[] = [];
  for (const term of terms) {
    if (term.length === 0) return undefined;
    const bytes = new Uint8Array(term.length);
    for (let i = 0; i < term.length; i++) {
      const c = term.charCodeAt(i);
      if (c >= 0x80) return undefined;
      bytes[i] = FOLD[c] as number;
    }
    folded.push(bytes);
  }
  const memory = new ScreenMemory(folded);
  const screen = (bytes: Uint8Array) => memory.absent(bytes);
  screen.within = (set: Buffer, at: number, length: number) => memory.absentWithin(set, at, length);
  return screen;
}
