import type { KeyValue } from '@console/contract';
import type { DecodedPart } from '../kafka/records/decode.ts';
import { parseJsonKeepingBigInts, toJsonText } from '../kafka/records/json-text.ts';
import type { MaskText } from './mask-kinds.ts';

export const HIDDEN_ERROR =
  'Decoding failed; the reason is hidden, as it may quote masked data (security.masking)';

/** One rule's work on a key or a value: the whole of it, or fields of its JSON. */
export type PartMask = { whole: boolean; fields: readonly (readonly string[])[]; mask: MaskText };
/** One rule's work on headers: all of them, or those named (compared case-insensitively). */
export type HeaderMask = { all: boolean; names: ReadonlySet<string>; mask: MaskText };

/**
 * A key or value with the masks applied in order. A field path needs JSON to look into: a part that is
 * not JSON (text, binary shown as base64) is masked whole instead, so a rule never lets through what
 * it could not look at. JSON without the field is left as it is.
 */
export function maskPart(decoded: DecodedPart, masks: readonly PartMask[]): DecodedPart {
  if (decoded.text === null || masks.length === 0) return decoded;
  // A decoder's reason may quote the bytes (JSON.parse does): not shown where masks apply.
  const part = decoded.error ? { ...decoded, error: HIDDEN_ERROR } : decoded;
  let text: string = decoded.text;
  let json: { value: unknown; big: boolean } | undefined;
  let changed = false;
  let whole = false;
  for (const m of masks) {
    if (!m.whole && json === undefined) json = parseJson(text);
    if (m.whole || json === undefined) {
      const masked = m.mask(json && changed ? jsonText(json) : text);
      if (masked === undefined) return plain(part, null);
      text = masked;
      json = undefined;
      changed = false;
      whole = true;
      continue;
    }
    for (const path of m.fields) changed = maskField(json, 'value', json.value, path, m.mask) || changed;
  }
  if (json && changed) text = jsonText(json);
  if (whole) return plain(part, text);
  return changed ? { ...part, text } : part;
}

/** A number token of 16 digits or more (after `:`, `[` or `,`): it may not fit a double. */
const LONG_NUMBER = /[:[,]\s*-?\d{16}/;

/**
 * The parsed JSON, and whether it holds integers too large for a double (kept exact as bigint). The
 * exact parser is slow: it runs only when the text shows a long number token.
 */
function parseJson(text: string): { value: unknown; big: boolean } | undefined {
  try {
    return LONG_NUMBER.test(text)
      ? { value: parseJsonKeepingBigInts(text), big: true }
      : { value: JSON.parse(text), big: false };
  } catch {
    return undefined;
  }
}

const jsonText = (json: { value: unknown; big: boolean }) =>
  json.big ? toJsonText(json.value) : JSON.stringify(json.value);

/** A part whose text is a mask's: no longer base64 of the bytes. */
function plain(part: DecodedPart, text: string | null): DecodedPart {
  const { base64, ...rest } = part;
  return { ...rest, text };
}

/** Masks `path` below `holder[key]`; arrays on the way are gone through element by element. */
function maskField(
  holder: object,
  key: string | number,
  node: unknown,
  path: readonly string[],
  mask: MaskText,
): boolean {
  const [name, ...rest] = path;
  if (name === undefined) {
    const masked = mask(typeof node === 'string' ? node : toJsonText(node));
    const target = holder as Record<string | number, unknown>;
    if (masked === undefined) delete target[key];
    else target[key] = masked;
    return true;
  }
  if (Array.isArray(node)) {
    let changed = false;
    node.forEach((element, i) => {
      changed = maskField(node, i, element, path, mask) || changed;
    });
    return changed;
  }
  if (node === null || typeof node !== 'object' || !Object.hasOwn(node, name)) return false;
  return maskField(node, name, (node as Record<string, unknown>)[name], rest, mask);
}

/** Headers with the masks applied; HIDE leaves a header out. */
export function maskHeaders(headers: KeyValue[], masks: readonly HeaderMask[]): KeyValue[] {
  if (masks.length === 0) return headers;
  const out: KeyValue[] = [];
  for (const header of headers) {
    let value: string | undefined = header.value;
    const name = header.key.toLowerCase();
    for (const m of masks) {
      if (value !== undefined && (m.all || m.names.has(name))) value = m.mask(value);
    }
    if (value !== undefined) out.push(value === header.value ? header : { key: header.key, value });
  }
  return out;
}
