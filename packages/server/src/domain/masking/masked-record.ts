import type { KeyValue } from '@console/contract';
import type { RawRecord } from '../../kafka/fetch/types.ts';
import type { DecodedPart } from '../records/decode/decode.ts';
import type { DecodedRecord } from '../records/decode/decoded-record.ts';
import { masked, type RecordMask } from './policy.ts';
import type { ScreenedFilter } from './screen.ts';

/**
 * A decoded record as one viewer sees it (security.masking): each part masked at most once, when first
 * read. Searches, filters and every answer read these parts, so nobody can search on what they cannot
 * see. Without a mask its parts are the decoded ones.
 */
export class MaskedRecord {
  readonly raw: RawRecord;
  readonly decoded: DecodedRecord;
  readonly #mask: RecordMask | undefined;
  #key: DecodedPart | undefined;
  #value: DecodedPart | undefined;
  #headers: KeyValue[] | undefined;

  constructor(decoded: DecodedRecord, mask: RecordMask | undefined) {
    this.raw = decoded.raw;
    this.decoded = decoded;
    this.#mask = mask;
  }

  get topic(): string {
    return this.decoded.topic;
  }

  get key(): DecodedPart {
    this.#key ??= masked(this.#mask?.key, this.decoded.key);
    return this.#key;
  }

  get value(): DecodedPart {
    this.#value ??= masked(this.#mask?.value, this.decoded.value);
    return this.#value;
  }

  get headers(): KeyValue[] {
    this.#headers ??= masked(this.#mask?.headers, this.decoded.headers);
    return this.#headers;
  }

  /** The part's bytes when this viewer's text of it is their plain reading (nothing masked for the viewer). */
  plainBytes(part: 'key' | 'value'): Buffer | undefined {
    return this.#mask ? undefined : this.decoded.plainBytes(part);
  }

  /**
   * Whether the key or value as this viewer sees it certainly holds none of the filter's terms, told
   * from the clear text where masking cannot have written one (screen.ts), without masking it.
   * False when not known, or when nothing is masked (the search then reads the part as usual).
   */
  lacks(part: 'key' | 'value', filter: ScreenedFilter): boolean {
    const screen = this.#mask?.screens[part];
    if (!screen || (part === 'key' ? this.#key : this.#value)) return false;
    return screen(this.decoded[part].text, filter);
  }
}
