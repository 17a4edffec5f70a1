import type { KeyValue } from '@console/contract';
import type { DecodedPart } from '../records/decode/decode.ts';
import { type FieldTarget, maskFields, passesOf } from './json-fields.ts';
import type { Mask } from './mask-kinds.ts';

export const HIDDEN_ERROR =
  'Decoding failed; the reason is hidden, as it may quote masked data (security.masking)';

/** One rule's work on a key or a value: the whole of it, or fields of its JSON. */
export type PartMask = { whole: boolean; fields: readonly (readonly string[])[]; mask: Mask };
/** One rule's work on headers: all of them, or those named (compared case-insensitively). */
export type HeaderMask = { all: boolean; names: ReadonlySet<string>; mask: Mask };

/**
 * A key or value with the masks applied in order. A field path needs JSON to look into: a part that is
 * not JSON (text, binary shown as base64) is masked whole instead, so a rule never lets through what
 * it could not look at. JSON without the field is left as it is. Field masks are spliced into the text
 * (json-fields.ts): what no mask touches keeps its characters, and the JSON is parsed once, to know it
 * is JSON, however many rules apply.
 */
export function maskPart(decoded: DecodedPart, masks: readonly PartMask[]): DecodedPart {
  if (decoded.text === null || masks.length === 0) return decoded;
  // A decoder's reason may quote the bytes (JSON.parse does): not shown where masks apply.
  const part = decoded.error ? { ...decoded, error: HIDDEN_ERROR } : decoded;
  let text: string = decoded.text;
  /** Whether `text` is JSON: unknown until a field mask asks; masking fields keeps it JSON. */
  let json: boolean | undefined;
  let whole = false;
  for (let i = 0; i < masks.length; i++) {
    const m = masks[i] as PartMask;
    if (!m.whole) json ??= isJson(text);
    if (m.whole || !json) {
      const masked = m.mask.apply(text);
      if (masked === undefined) return plain(part, null);
      text = masked;
      json = undefined;
      whole = true;
      continue;
    }
    // This rule and the field rules right after it, in as few passes over the text as their paths allow.
    const run = fieldRun(masks, i);
    for (const pass of run.passes) text = maskFields(text, pass);
    i = run.next - 1;
  }
  if (whole) return plain(part, text);
  return text !== decoded.text ? { ...part, text } : part;
}

const runs = new WeakMap<readonly PartMask[], Map<number, { passes: FieldTarget[][]; next: number }>>();

/** The field rules from `start` to the next whole-part rule, as passes of `maskFields`; made once per list. */
function fieldRun(masks: readonly PartMask[], start: number): { passes: FieldTarget[][]; next: number } {
  let byStart = runs.get(masks);
  if (!byStart) {
    byStart = new Map();
    runs.set(masks, byStart);
  }
  let run = byStart.get(start);
  if (!run) {
    const targets: FieldTarget[] = [];
    let next = start;
    for (; next < masks.length && !masks[next]?.whole; next++) {
      const { fields, mask } = masks[next] as PartMask;
      for (const path of fields) targets.push({ path, mask });
    }
    run = { passes: passesOf(targets), next };
    byStart.set(start, run);
  }
  return run;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A part whose text is a mask's: no longer base64 of the bytes. */
function plain(part: DecodedPart, text: string | null): DecodedPart {
  const { base64, ...rest } = part;
  return { ...rest, text };
}

/** Headers with the masks applied; HIDE leaves a header out. */
export function maskHeaders(headers: KeyValue[], masks: readonly HeaderMask[]): KeyValue[] {
  if (masks.length === 0) return headers;
  const out: KeyValue[] = [];
  for (const header of headers) {
    let value: string | undefined = header.value;
    const name = header.key.toLowerCase();
    for (const m of masks) {
      if (value !== undefined && (m.all || m.names.has(name))) value = m.mask.apply(value);
    }
    if (value !== undefined) out.push(value === header.value ? header : { key: header.key, value });
  }
  return out;
}
