import type { KeyValue } from '@console/contract';
import type { RawRecord } from '../../../kafka/fetch/types.ts';
import { type DecodeContext, type DecodedPart, decodePart, headerText, plainBytes } from './decode.ts';

/**
 * A fetched record decoded on demand, each part at most once: a search on keys never decodes the values
 * of the records it drops. Its parts are clear; masking (masking/masked-record.ts) comes after.
 */
export class DecodedRecord {
  readonly raw: RawRecord;
  readonly #context: DecodeContext;
  #key: DecodedPart | undefined;
  #value: DecodedPart | undefined;
  #headers: KeyValue[] | undefined;

  constructor(raw: RawRecord, context: DecodeContext) {
    this.raw = raw;
    this.#context = context;
  }

  /** The topic the record comes from. */
  get topic(): string {
    return this.#context.topic;
  }

  get key(): DecodedPart {
    this.#key ??= decodePart(this.raw.key, this.#context, 'key');
    return this.#key;
  }

  get value(): DecodedPart {
    this.#value ??= decodePart(this.raw.value, this.#context);
    return this.#value;
  }

  /** The part's bytes when its text is their plain UTF-8 (or base64) reading (decode.ts `plainBytes`). */
  plainBytes(part: 'key' | 'value'): Buffer | undefined {
    return plainBytes(part === 'key' ? this.raw.key : this.raw.value, this.#context, part);
  }

  get headers(): KeyValue[] {
    this.#headers ??= this.raw.headers.map(([k, v]) => ({
      key: k?.toString('utf8') ?? '',
      value: headerText(v),
    }));
    return this.#headers;
  }
}
