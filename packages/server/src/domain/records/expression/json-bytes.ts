import { isUtf8 } from 'node:buffer';
import { copyCount, copyIn, special } from './special-bytes.ts';

/**
 * JSON read from its UTF-8 bytes without making text of it: whether the text is one `JSON.parse` would
 * accept (`isJson`), and where each token ends, for a filter expression that reads a few members of a
 * large value (json-lazy.ts `celJsonBytes`). Grammar of RFC 8259 as V8's `JSON.parse` applies it:
 * whitespace is space, tab, CR and LF only; no control character inside a string; escapes
 * `\" \\ \/ \b \f \n \r \t \uXXXX`. Strings are crossed by special-bytes.ts, 64 bytes a step; the walk
 * reads the copy of the value it made (`copyIn`), at the same indexes as the value.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;

/** Deeper nesting is left to `JSON.parse` (the caller's slower path): the walk keeps its stack here. */
const MAX_DEPTH = 256;
const OBJECT = 1;
const ARRAY = 2;
const stack = new Uint8Array(MAX_DEPTH);

/** Which byte after a backslash makes a short escape. */
const SHORT_ESCAPE = new Uint8Array(128);
for (const c of '"\\/bfnrt') SHORT_ESCAPE[c.charCodeAt(0)] = 1;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

export function skipSpace(b: Uint8Array, i: number, to: number): number {
  let j = i;
  while (j < to && isSpace(b[j] as number)) j++;
  return j;
}

export function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 0x30 && c <= 0x39;
}

function isHex(c: number | undefined): boolean {
  return c !== undefined && ((c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66));
}

/** Whether the value being checked is known to be UTF-8 (then bytes from 0x80 up need no look). */
let utf8Known = false;
const NOTHING = new Uint8Array(0);
/** The value `isJson` is checking, for its UTF-8 check; NOTHING after (no record's bytes are kept). */
let checking: Uint8Array = NOTHING;

/**
 * Past the closing quote of the string opening at `i`, or -1 when it is not a valid JSON string; `b` is
 * the memory `special` reads. The first byte from 0x80 up has the whole value checked as UTF-8.
 */
function validStringEnd(b: Uint8Array, i: number, to: number): number {
  let j = i + 1;
  for (;;) {
    j = special(j, to, utf8Known ? 0 : -1);
    if (j >= to) return -1;
    const c = b[j] as number;
    if (c === QUOTE) return j + 1;
    if (c >= 0x80) {
      if (!isUtf8(checking)) return -1;
      utf8Known = true;
      continue;
    }
    if (c !== BACKSLASH) return -1;
    const e = b[j + 1] as number;
    if (e < 128 && SHORT_ESCAPE[e] === 1) j += 2;
    else if (e === 0x75 && isHex(b[j + 2]) && isHex(b[j + 3]) && isHex(b[j + 4]) && isHex(b[j + 5])) j += 6;
    else return -1;
  }
}

/** Past the closing quote of the string opening at `i` in JSON `isJson` accepted (`b`: its copy). */
export function stringEnd(b: Uint8Array, i: number, to: number): number {
  let j = i + 1;
  for (;;) {
    j = special(j, to, 0);
    if (j >= to) return to;
    if (b[j] === QUOTE) return j + 1;
    // A backslash: whatever it escapes is not the end.
    j += 2;
  }
}

/** Past the number starting at `i` (`-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`), or -1. */
export function numberEnd(b: Uint8Array, i: number, to: number): number {
  let j = i;
  if (b[j] === MINUS) j++;
  if (j >= to) return -1;
  if (b[j] === 0x30) j++;
  else if (isDigit(b[j])) while (j < to && isDigit(b[j])) j++;
  else return -1;
  if (j < to && b[j] === 0x2e) {
    j++;
    if (j >= to || !isDigit(b[j])) return -1;
    while (j < to && isDigit(b[j])) j++;
  }
  if (j < to && ((b[j] as number) | 0x20) === 0x65) {
    j++;
    if (j < to && (b[j] === 0x2b || b[j] === MINUS)) j++;
    if (j >= to || !isDigit(b[j])) return -1;
    while (j < to && isDigit(b[j])) j++;
  }
  return j;
}

/** The literals' bytes by their first: true, false, null. */
const LITERALS: Record<number, number[]> = {
  116: [0x74, 0x72, 0x75, 0x65],
  102: [0x66, 0x61, 0x6c, 0x73, 0x65],
  110: [0x6e, 0x75, 0x6c, 0x6c],
};

function literalEnd(b: Uint8Array, i: number, to: number): number {
  const word = LITERALS[b[i] as number];
  if (!word || i + word.length > to) return -1;
  for (let k = 1; k < word.length; k++) if (b[i + k] !== word[k]) return -1;
  return i + word.length;
}

/** Members of the outermost object kept as they are met (more are found by walking again). */
const MAX_MEMBERS = 256;
/**
 * The outermost object's members in the value `isJson` checked last, three numbers each: where the
 * name's token starts and ends, and where the value starts. `memberCount` -1: not kept (not an object,
 * or more than MAX_MEMBERS members).
 */
const members = new Int32Array(MAX_MEMBERS * 3);
let memberCount = -1;
/** Which copy (special-bytes.ts `copyCount`) the table is of, once known to be JSON; where its outermost value starts. */
let membersOf = -1;
let outermost = 0;

/**
 * Past a member's name and colon, at the start of its value; -1 when they are not there. `keep`: the
 * member is one of the outermost object's, kept in `members`.
 */
function memberValueStart(b: Uint8Array, i: number, to: number, keep: boolean): number {
  if (b[i] !== QUOTE) return -1;
  const nameEnd = validStringEnd(b, i, to);
  if (nameEnd < 0) return -1;
  const colon = skipSpace(b, nameEnd, to);
  if (b[colon] !== COLON || colon >= to) return -1;
  const start = skipSpace(b, colon + 1, to);
  if (keep && memberCount >= 0) {
    if (memberCount === MAX_MEMBERS) memberCount = -1;
    else {
      members[memberCount * 3] = i;
      members[memberCount * 3 + 1] = nameEnd;
      members[memberCount * 3 + 2] = start;
      memberCount++;
    }
  }
  return start;
}

/**
 * Whether `value` is UTF-8 and one JSON text `JSON.parse` accepts, walked without recursion; false also
 * when it nests deeper than MAX_DEPTH or is longer than special-bytes.ts takes (for the caller to leave to
 * `JSON.parse`). Its copy stays where `copyIn` put it, for the readers below.
 */
export function isJson(value: Uint8Array): boolean {
  const b = copyIn(value);
  if (!b) return false;
  utf8Known = false;
  checking = value;
  membersOf = -1;
  memberCount = 0;
  try {
    const json = walk(b, value.length);
    if (json) membersOf = copyCount();
    return json;
  } finally {
    checking = NOTHING;
  }
}

/** `isJson`'s walk over `b[0, to)`. */
function walk(b: Uint8Array, to: number): boolean {
  let depth = 0;
  let i = skipSpace(b, 0, to);
  outermost = i;
  for (;;) {
    // A value starts at i.
    if (i >= to) return false;
    const c = b[i] as number;
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const inner = skipSpace(b, i + 1, to);
      if (b[inner] === (c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET) && inner < to) {
        i = inner + 1;
      } else {
        if (depth === MAX_DEPTH) return false;
        stack[depth++] = c === OPEN_BRACE ? OBJECT : ARRAY;
        if (depth === 1 && c !== OPEN_BRACE) memberCount = -1;
        i = c === OPEN_BRACE ? memberValueStart(b, inner, to, depth === 1) : inner;
        if (i < 0) return false;
        continue;
      }
    } else {
      i =
        c === QUOTE
          ? validStringEnd(b, i, to)
          : c === MINUS || isDigit(c)
            ? numberEnd(b, i, to)
            : literalEnd(b, i, to);
      if (i < 0) return false;
    }
    // After a value: close containers until one continues with a comma.
    for (;;) {
      i = skipSpace(b, i, to);
      if (depth === 0) return i === to;
      if (i >= to) return false;
      const kind = stack[depth - 1];
      const d = b[i] as number;
      if (d === COMMA) {
        i =
          kind === OBJECT
            ? memberValueStart(b, skipSpace(b, i + 1, to), to, depth === 1)
            : skipSpace(b, i + 1, to);
        if (i < 0) return false;
        break;
      }
      if (d !== (kind === OBJECT ? CLOSE_BRACE : CLOSE_BRACKET)) return false;
      depth--;
      i++;
    }
  }
}

/** Past the value starting at `i` in JSON `isJson` accepted (nothing checked again). */
export function valueEnd(b: Uint8Array, i: number, to: number): number {
  const c = b[i] as number;
  if (c === QUOTE) return stringEnd(b, i, to);
  if (c !== OPEN_BRACE && c !== OPEN_BRACKET) {
    let j = i + 1;
    while (j < to) {
      const d = b[j] as number;
      if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || isSpace(d)) break;
      j++;
    }
    return j;
  }
  let depth = 0;
  let j = i;
  while (j < to) {
    const d = b[j] as number;
    if (d === QUOTE) {
      j = stringEnd(b, j, to);
      continue;
    }
    if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
    else if ((d === CLOSE_BRACE || d === CLOSE_BRACKET) && --depth === 0) return j + 1;
    j++;
  }
  return to;
}

/**
 * Where the value of the member `name` starts in the object starting at `i` (JSON `isJson` accepted), or
 * -1 when it has none. Of repeated names the last, as `JSON.parse` keeps. `copy`: which copy `b` holds
 * (special-bytes.ts `copyCount`); in the outermost object of the copy `isJson` checked last, the members
 * it kept are read instead of walking again.
 */
export function memberValue(b: Buffer, i: number, to: number, name: string, copy: number): number {
  if (copy === membersOf && memberCount >= 0 && i === outermost) {
    for (let m = memberCount - 1; m >= 0; m--) {
      if (nameIs(b, members[m * 3] as number, members[m * 3 + 1] as number, name))
        return members[m * 3 + 2] as number;
    }
    return -1;
  }
  let found = -1;
  let j = skipSpace(b, i + 1, to);
  while (b[j] === QUOTE) {
    const nameEnd = stringEnd(b, j, to);
    const start = skipSpace(b, skipSpace(b, nameEnd, to) + 1, to);
    if (nameIs(b, j, nameEnd, name)) found = start;
    j = skipSpace(b, valueEnd(b, start, to), to);
    if (b[j] !== COMMA) break;
    j = skipSpace(b, j + 1, to);
  }
  return found;
}

/** Whether the string token `b[start, end)` (quotes included) reads as `name`. */
function nameIs(b: Buffer, start: number, end: number, name: string): boolean {
  const length = end - start - 2;
  if (length < name.length) return false;
  for (let k = 0; k < name.length; k++) {
    const c = name.charCodeAt(k);
    const d = b[start + 1 + k] as number;
    if (c >= 0x80 || d === BACKSLASH) return stringAt(b, start, end) === name;
    if (c !== d) return false;
  }
  return length === name.length;
}

/** The string the token `b[start, end)` (quotes included) stands for. */
export function stringAt(b: Buffer, start: number, end: number): string {
  return special(start + 1, end - 1, 0) < end - 1
    ? (JSON.parse(b.toString('utf8', start, end)) as string)
    : b.toString('utf8', start + 1, end - 1);
}

export { OPEN_BRACE, OPEN_BRACKET, QUOTE };
