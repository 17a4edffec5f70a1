import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  skipSpace,
  stringContent,
  stringEnd,
  valueEnd,
} from '../records/decode/json-scan.ts';
import { parseJsonKeepingBigInts, toJsonText } from '../records/decode/json-text.ts';
import type { Mask } from './mask-kinds.ts';

/** A field path below a JSON key or value (`value.card.number` → `['card', 'number']`) and its mask. */
export type FieldTarget = { path: readonly string[]; mask: Mask };

type Edit = { start: number; end: number; text: string };
type Target = { path: readonly string[]; mask: Mask };

/**
 * `text` with the targets' fields masked in place, in one pass: each masked value's text is replaced by
 * the mask's JSON string, a HIDE removes the member, and every other character stays as it was (the
 * search screen, screen.ts, relies on that). Arrays on the way are gone through element by element.
 * Targets naming the same path are applied in their order, each to what the one before wrote; no target
 * may name a path that strictly extends another's (`passesOf` splits those into passes).
 *
 * `text` must be JSON that `JSON.parse` accepted: the scan trusts it and checks nothing.
 */
export function maskFields(text: string, targets: readonly FieldTarget[]): string {
  const edits: Edit[] = [];
  visit(text, skipSpace(text, 0), 0, targets, edits);
  if (edits.length === 0) return text;
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

/**
 * Targets in passes of one `maskFields` each, in order: a target whose path is a strict prefix or
 * extension of one already in the pass starts the next (its mask must see what the earlier one wrote).
 */
export function passesOf(targets: readonly FieldTarget[]): FieldTarget[][] {
  const passes: FieldTarget[][] = [];
  let current: FieldTarget[] = [];
  for (const target of targets) {
    if (current.some((t) => nested(t.path, target.path))) {
      passes.push(current);
      current = [];
    }
    current.push(target);
  }
  if (current.length) passes.push(current);
  return passes;
}

function nested(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === b.length) return false;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.every((name, i) => long[i] === name);
}

/**
 * The value starting at `i`, `depth` names down: masked when the targets end here, else searched
 * below. Returns where the value ends; a HIDE here returns `hidden`.
 */
function visit(
  t: string,
  i: number,
  depth: number,
  targets: readonly Target[],
  edits: Edit[],
): { end: number; hidden: boolean } {
  const first = targets[0] as Target;
  if (first.path.length === depth) {
    // Paths in one pass are equal or apart: every target here ends here.
    const end = valueEnd(t, i);
    const masked = maskNode(t.slice(i, end), targets);
    if (masked !== undefined) edits.push({ start: i, end, text: masked });
    return { end, hidden: masked === undefined };
  }
  const c = t.charCodeAt(i);
  if (c === OPEN_BRACE) return { end: visitObject(t, i, depth, targets, edits), hidden: false };
  if (c === OPEN_BRACKET) {
    let j = skipSpace(t, i + 1);
    if (t.charCodeAt(j) === CLOSE_BRACKET) return { end: j + 1, hidden: false };
    for (;;) {
      j = skipSpace(t, visit(t, j, depth, targets, edits).end);
      if (t.charCodeAt(j) === CLOSE_BRACKET) return { end: j + 1, hidden: false };
      j = skipSpace(t, j + 1); // past the comma
    }
  }
  return { end: valueEnd(t, i), hidden: false };
}

/** An object's members, the targets naming each followed into it; hidden members removed with a comma. */
function visitObject(t: string, i: number, depth: number, targets: readonly Target[], edits: Edit[]): number {
  let j = skipSpace(t, i + 1);
  if (t.charCodeAt(j) === CLOSE_BRACE) return j + 1;
  const members: { keyStart: number; valueEnd: number; hidden: boolean }[] = [];
  for (;;) {
    const keyStart = j;
    const keyEnd = stringEnd(t, keyStart);
    const key = stringContent(t.slice(keyStart, keyEnd));
    const valueStart = skipSpace(t, skipSpace(t, keyEnd) + 1); // past the colon
    let named: Target[] | undefined;
    for (const target of targets) {
      if (target.path[depth] !== key) continue;
      named ??= [];
      named.push(target);
    }
    const seen = named
      ? visit(t, valueStart, depth + 1, named, edits)
      : { end: valueEnd(t, valueStart), hidden: false };
    members.push({ keyStart, valueEnd: seen.end, hidden: seen.hidden });
    j = skipSpace(t, seen.end);
    if (t.charCodeAt(j) === CLOSE_BRACE) break;
    j = skipSpace(t, j + 1); // past the comma
  }
  // Each run of hidden members goes with the commas after it, or before it when it ends the object.
  for (let a = 0; a < members.length; a++) {
    if (!members[a]?.hidden) continue;
    let b = a;
    while (members[b + 1]?.hidden) b++;
    const next = members[b + 1];
    const previous = members[a - 1];
    const last = members[b] as (typeof members)[number];
    const first = members[a] as (typeof members)[number];
    if (next) edits.push({ start: first.keyStart, end: next.keyStart, text: '' });
    else if (previous) edits.push({ start: previous.valueEnd, end: last.valueEnd, text: '' });
    else edits.push({ start: first.keyStart, end: last.valueEnd, text: '' });
    a = b;
  }
  return j + 1;
}

/** A number token of 16 digits or more (after `:`, `[` or `,`): it may not fit a double. */
const LONG_NUMBER = /(?:^|[:[,])\s*-?\d{16}/;

/**
 * The JSON text that replaces a masked value (a JSON string), or undefined when HIDE removes it. What a
 * mask reads: a string's own text; a number, boolean or null as written for KEEP_LAST (its last
 * characters are the value's own), as JSON text for HASH (equal values hash equal however written);
 * KEEP_LAST keeps nothing of an object or array (its last characters would be JSON punctuation).
 */
function maskNode(raw: string, targets: readonly Target[]): string | undefined {
  let text: string | undefined;
  for (const { mask } of targets) {
    if (text === undefined) {
      const c = raw.charCodeAt(0);
      if (c === QUOTE) text = stringContent(raw);
      else if (mask.kind === 'KEEP_LAST') text = c === OPEN_BRACE || c === OPEN_BRACKET ? '' : raw;
      else if (mask.kind === 'HASH')
        text = toJsonText(LONG_NUMBER.test(raw) ? parseJsonKeepingBigInts(raw) : JSON.parse(raw));
      else text = '';
    }
    const masked = mask.apply(text);
    if (masked === undefined) return undefined;
    text = masked;
  }
  return JSON.stringify(text);
}
