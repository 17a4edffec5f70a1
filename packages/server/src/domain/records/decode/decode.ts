import { isUtf8 } from 'node:buffer';
import type { RecordFormat } from '@console/contract';
import { BatchRecord } from '../../../kafka/fetch/batches/record-batches.ts';
import type { RawRecord } from '../../../kafka/fetch/types.ts';
import type { TopicCodecs } from '../formats/codec.ts';
import type { SchemaCache } from './registry.ts';
import { schemaIdAt, schemaIdOf } from './wire.ts';

/** A key or value as shown: text (null when absent), where it came from, and why decoding fell back. */
export type DecodedPart = {
  text: string | null;
  schemaId?: number;
  /** The schema's own name: Avro full name, Protobuf message, JSON Schema title. */
  name?: string;
  base64?: boolean;
  error?: string;
  /** How the text was made; TEXT may still turn out to be JSON (formats/detect.ts). */
  format?: RecordFormat;
};

export type DecodeContext = {
  /** The topic the records come from; every record names it (docs/api-conventions.md#record-json). */
  topic: string;
  /** The cluster's registry, when one is configured. */
  schemas: SchemaCache | undefined;
  /** Internal topics never carry registry ids (docs/api-conventions.md#decoding). */
  detectSchemas: boolean;
  /** The topic's configured formats (`clusters.<c>.deserialization`); they win over detection. */
  codecs?: TopicCodecs;
};

export const REGISTRY_FORMATS = { AVRO: 'AVRO', JSON: 'JSON_SCHEMA', PROTOBUF: 'PROTOBUF' } as const;

const NULL_PART: DecodedPart = { text: null };

/**
 * Decoding order (docs/api-conventions.md#decoding): null stays absent; a Confluent-framed payload goes
 * through its registry schema; otherwise UTF-8 text when valid, else base64 with the flag. A schema that
 * fails leaves its reason in `error` and the raw fallback in `text`, never an exception.
 */
export function decodePart(
  bytes: Buffer | null,
  context: DecodeContext,
  part: 'key' | 'value' = 'value',
): DecodedPart {
  if (bytes === null) return NULL_PART;
  const codec = context.codecs?.[part];
  if (codec) return configured(bytes, codec, part);
  const id = context.detectSchemas ? schemaIdOf(bytes) : undefined;
  if (id === undefined || !context.schemas)
    return id === undefined ? raw(bytes) : { ...raw(bytes), schemaId: id };
  const schema = context.schemas.get(id);
  if (schema === undefined || typeof schema === 'string') {
    return { ...raw(bytes), schemaId: id, error: schema ?? `Schema ${id} was not loaded` };
  }
  try {
    const { text, name } = schema.decode(bytes);
    return { text, schemaId: id, format: REGISTRY_FORMATS[schema.kind], ...(name ? { name } : {}) };
  } catch (error) {
    return {
      ...raw(bytes),
      schemaId: id,
      error: `Schema ${id} (${schema.kind}): ${(error as Error).message}`,
    };
  }
}

/**
 * The bytes themselves when `decodePart` would show them as their own UTF-8 text (or base64): no
 * configured codec, no registry frame read. Undefined otherwise, and for an absent part.
 */
export function plainBytes(
  bytes: Buffer | null,
  context: DecodeContext,
  part: 'key' | 'value' = 'value',
): Buffer | undefined {
  if (bytes === null || context.codecs?.[part]) return undefined;
  if (context.detectSchemas && context.schemas && schemaIdOf(bytes) !== undefined) return undefined;
  return bytes;
}

function raw(bytes: Buffer): DecodedPart {
  const text = utf8Text(bytes);
  return text !== undefined
    ? { text, format: 'TEXT' }
    : { text: bytes.toString('base64'), base64: true, format: 'BINARY' };
}

/** Through the topic's configured codec; bytes it cannot read fall back to text or base64 with the reason. */
function configured(
  bytes: Buffer,
  codec: NonNullable<TopicCodecs['key']>,
  part: 'key' | 'value',
): DecodedPart {
  try {
    return { text: codec.decode(bytes), format: codec.format, ...(codec.name ? { name: codec.name } : {}) };
  } catch (error) {
    const label = part === 'key' ? 'Key' : 'Value';
    return { ...raw(bytes), error: `${label} as ${codec.label}: ${(error as Error).message}` };
  }
}

/**
 * The bytes as text when they are valid UTF-8. Decoding turns invalid bytes into U+FFFD, which a
 * one-byte string (all ASCII and Latin-1 text) cannot hold, so only text showing U+FFFD is checked:
 * one pass over the bytes instead of two, on the hot path of every search.
 */
function utf8Text(bytes: Buffer): string | undefined {
  const text = bytes.toString('utf8');
  return text.includes('\uFFFD') && !isUtf8(bytes) ? undefined : text;
}

/** Control characters other than tab and line breaks: such text is a binary value, not words. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/**
 * Header values (docs/api-conventions.md#header-values): readable UTF-8 text as is; otherwise 8, 4 or 2 bytes
 * as a big-endian long, int or short (how JVM producers write numbers); anything else as uppercase hex. Null
 * is `"null"`.
 */
export function headerText(bytes: Buffer | null): string {
  if (bytes === null) return 'null';
  const text = utf8Text(bytes);
  if (text !== undefined && !hasControl(text)) return text;
  if (bytes.length === 8) return bytes.readBigInt64BE().toString();
  if (bytes.length === 4) return String(bytes.readInt32BE());
  if (bytes.length === 2) return String(bytes.readInt16BE());
  return bytes.toString('hex').toUpperCase();
}

/**
 * The schema id `part` of a record is framed with, if any. A record read from a batch is looked at where
 * its bytes lie: making its key's and value's views for this was about 5 % of a filter expression's search
 * (profile of 2026-11-30).
 */
export function schemaIdIn(r: Pick<RawRecord, 'key' | 'value'>, part: 'key' | 'value'): number | undefined {
  if (!(r instanceof BatchRecord)) return schemaIdOf(r[part]);
  return part === 'key'
    ? schemaIdAt(r.bytes, r.keyAt, r.keyLength)
    : schemaIdAt(r.bytes, r.valueAt, r.valueLength);
}

/** Ids of every framed key and value, to load before decoding a batch synchronously. */
export function schemaIds(records: Iterable<Pick<RawRecord, 'key' | 'value'>>): number[] {
  const ids = new Set<number>();
  for (const r of records) {
    const k = schemaIdIn(r, 'key');
    if (k !== undefined) ids.add(k);
    const v = schemaIdIn(r, 'value');
    if (v !== undefined) ids.add(v);
  }
  return [...ids];
}
