import type { DataRecord, KeyValue } from '@console/contract';
import { masked } from '../../masking/policy.ts';
import { formatsOf } from '../formats/detect.ts';
import { matches, type SearchFilter, type SearchFilters } from '../scan/filters.ts';
import type { RawRecord } from '../types.ts';
import { type DecodeContext, type DecodedPart, decodePart, headerText } from './decode.ts';

/**
 * A fetched record decoded on demand: a search on keys never decodes values of records it drops.
 * Each part is decoded at most once, then masked for its viewer (`DecodeContext.mask`): searches,
 * filters and every answer see the same masked parts, so nobody can search on what they cannot see.
 */
export class RecordView {
  readonly raw: RawRecord;
  readonly #context: DecodeContext;
  #clearKey: DecodedPart | undefined;
  #clearValue: DecodedPart | undefined;
  #key: DecodedPart | undefined;
  #value: DecodedPart | undefined;
  #headers: KeyValue[] | undefined;

  constructor(raw: RawRecord, context: DecodeContext) {
    this.raw = raw;
    this.#context = context;
  }

  get key(): DecodedPart {
    this.#key ??= masked(this.#context.mask?.key, this.#clear('key'));
    return this.#key;
  }

  get value(): DecodedPart {
    this.#value ??= masked(this.#context.mask?.value, this.#clear('value'));
    return this.#value;
  }

  /**
   * Whether the key or value as this viewer sees it certainly holds none of the filter's terms, told
   * from the clear text where masking cannot have written one (masking/screen.ts), without masking it.
   * False when not known, or when nothing is masked (the search then reads the part as usual).
   */
  lacks(part: 'key' | 'value', filter: SearchFilter): boolean {
    const screen = this.#context.mask?.screens[part];
    if (!screen || (part === 'key' ? this.#key : this.#value)) return false;
    return screen(this.#clear(part).text, filter);
  }

  #clear(part: 'key' | 'value'): DecodedPart {
    if (part === 'key') {
      this.#clearKey ??= decodePart(this.raw.key, this.#context, 'key');
      return this.#clearKey;
    }
    this.#clearValue ??= decodePart(this.raw.value, this.#context);
    return this.#clearValue;
  }

  get headers(): KeyValue[] {
    this.#headers ??= masked(
      this.#context.mask?.headers,
      this.raw.headers.map(([k, v]) => ({ key: k?.toString('utf8') ?? '', value: headerText(v) })),
    );
    return this.#headers;
  }

  /** The API model. `maxLength`: values longer (in UTF-8 bytes) are cut, as AKHQ does, to maxLength/1000 characters. */
  toRecord(maxLength?: number): DataRecord {
    const { key, value } = this;
    let text = value.text;
    let truncated = false;
    if (
      maxLength !== undefined &&
      text !== null &&
      text.length * 3 > maxLength &&
      Buffer.byteLength(text) > maxLength
    ) {
      text = text.slice(0, Math.max(1, Math.floor(maxLength / 1000)));
      truncated = true;
    }
    const exceptions = [key.error, value.error].filter((e): e is string => e !== undefined);
    return {
      topic: { name: this.#context.topic },
      partition: this.raw.partition,
      offset: this.raw.offset,
      timestamp: new Date(this.raw.timestamp).toISOString(),
      ...(key.text !== null ? { key: key.text } : {}),
      ...(text !== null ? { value: text } : {}),
      headers: this.headers,
      ...(key.schemaId !== undefined ? { keySchemaId: String(key.schemaId) } : {}),
      ...(value.schemaId !== undefined ? { valueSchemaId: String(value.schemaId) } : {}),
      ...(key.name ? { keySubject: key.name } : {}),
      ...(value.name ? { valueSubject: value.name } : {}),
      ...(key.base64 ? { keyBase64: true } : {}),
      ...(value.base64 ? { valueBase64: true } : {}),
      truncated,
      exceptions,
      format: formatsOf(key, value),
    };
  }
}

/** Whether a record passes `endTimestamp` and every search filter (AND); cheap checks first. */
export function passes(view: RecordView, filters: SearchFilters, endTimestamp: number | undefined): boolean {
  if (endTimestamp !== undefined && view.raw.timestamp > endTimestamp) return false;
  const f = filters;
  if (f.searchByKey && !partMatches(view, 'key', f.searchByKey)) return false;
  if (
    f.searchByHeaderKey &&
    !matches(
      f.searchByHeaderKey,
      view.headers.map((h) => h.key),
    )
  )
    return false;
  if (
    f.searchByHeaderValue &&
    !matches(
      f.searchByHeaderValue,
      view.headers.map((h) => h.value),
    )
  )
    return false;
  if (f.searchByValue && !partMatches(view, 'value', f.searchByValue)) return false;
  if (f.searchByKeySubject && !matches(f.searchByKeySubject, [view.key.name ?? null])) return false;
  if (f.searchByValueSubject && !matches(f.searchByValueSubject, [view.value.name ?? null])) return false;
  return true;
}

/** `contains` and `not contains` on a masked part decide without masking it when the screen can tell. */
function partMatches(view: RecordView, part: 'key' | 'value', filter: SearchFilter): boolean {
  if (filter.type !== 'E' && view.lacks(part, filter)) return filter.type === 'N';
  return matches(filter, [view[part].text]);
}
