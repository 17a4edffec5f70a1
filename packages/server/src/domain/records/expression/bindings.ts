import type { Timestamp } from '@bufbuild/protobuf/wkt';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import type { MaskedRecord } from '../../masking/masked-record.ts';
import { celJson, celJsonBytes } from './json-lazy.ts';

/** A first character JSON text can start with (after whitespace): others are not tried as JSON. */
const JSON_START = /^\s*[[{"\-0-9tfn]/;

/**
 * The variables of one record, each made when the expression first reads it and at most once: the value
 * is read as JSON only by expressions that name `value`, once per record, and only the fields the
 * expression reads are looked up (json-lazy.ts): from the value's bytes when the viewer sees them as they
 * are (a JSON object, nothing masked, no codec), else from its text. Everything comes from the
 * MaskedRecord the search terms read (the record as the user sees it), `size` from the bytes fetched.
 * `maps`: JSON objects become Maps (the slower form, for objects whose own keys hide `constructor`).
 */
export class RecordBindings {
  readonly #view: MaskedRecord;
  readonly #topic: string;
  readonly #maps: boolean;
  #value: unknown;
  #parsed = false;
  #headers: Map<string, string> | undefined;

  constructor(view: MaskedRecord, topic: string, maps = false) {
    this.#view = view;
    this.#topic = topic;
    this.#maps = maps;
  }

  get key(): string | null {
    return this.#view.key.text;
  }

  /** Parsed JSON when the text parses, else the text (base64 for binary values); null for a tombstone. */
  get value(): unknown {
    if (!this.#parsed) {
      this.#parsed = true;
      const bytes = this.#maps ? undefined : this.#view.plainBytes('value');
      this.#value = bytes && celJsonBytes(bytes);
      if (this.#value !== undefined) return this.#value;
      const part = this.#view.value;
      this.#value = part.text;
      if (part.text !== null && !part.base64 && JSON_START.test(part.text)) {
        if (this.#maps) {
          try {
            this.#value = JSON.parse(part.text, asMaps);
          } catch {
            // Not JSON: the text it is.
          }
        } else {
          const json = celJson(part.text);
          if (json) this.#value = json.value;
        }
      }
    }
    return this.#value;
  }

  /** Header names to values; of repeated names the last one, as Kafka's `Headers.lastHeader`. */
  get headers(): Map<string, string> {
    this.#headers ??= new Map(this.#view.headers.map((h) => [h.key, h.value]));
    return this.#headers;
  }

  get partition(): bigint {
    return BigInt(this.#view.raw.partition);
  }

  get offset(): bigint {
    return BigInt(this.#view.raw.offset);
  }

  get timestamp(): Timestamp {
    return timestampFromMs(this.#view.raw.timestamp);
  }

  get topic(): string {
    return this.#topic;
  }

  get keySchemaId(): bigint | null {
    const id = this.#view.key.schemaId;
    return id === undefined ? null : BigInt(id);
  }

  get valueSchemaId(): bigint | null {
    const id = this.#view.value.schemaId;
    return id === undefined ? null : BigInt(id);
  }

  /** Bytes of key, value and headers as stored. */
  get size(): bigint {
    const { key, value, headers } = this.#view.raw;
    let bytes = (key?.length ?? 0) + (value?.length ?? 0);
    for (const [k, v] of headers) bytes += (k?.length ?? 0) + (v?.length ?? 0);
    return BigInt(bytes);
  }
}

function asMaps(_key: string, value: unknown): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? new Map(Object.entries(value))
    : value;
}
