import { RecordFormat } from '@console/contract';
import type { TopicMeta } from '../../../kafka/metadata.ts';
import type { SchemaCache } from '../decode/registry.ts';
import type { Codec, TopicCodecs } from '../formats/codec.ts';
import { intCodec, longCodec } from '../formats/integers.ts';
import { msgpackCodec } from '../formats/msgpack.ts';
import { type Outgoing, partitionFor } from '../produce.ts';

/** What turns a file's record into bytes for one topic (docs/api-conventions.md#import). */
export type ImportTarget = {
  topic: TopicMeta;
  keepPartitions: boolean;
  /** A compacted topic refuses records without a key. */
  compacted: boolean;
  /** The cluster's registry, its schemas loaded on first use; undefined: the cluster has none. */
  schemas: SchemaCache | undefined;
  codecs: TopicCodecs;
};

/** Numbers below this are epoch seconds (the download writes `timestamp` so, as AKHQ), above: milliseconds. */
const SECONDS_BELOW = 100_000_000_000;

const FIXED_CODECS: Partial<Record<RecordFormat, Codec>> = {
  INT: intCodec,
  LONG: longCodec,
  MSGPACK: msgpackCodec,
};

const REGISTRY_FORMATS: readonly RecordFormat[] = ['AVRO', 'PROTOBUF', 'JSON_SCHEMA'];

/** A field of a record that is wrong: the message names it. */
class FieldProblem extends Error {}

const problem = (field: string, message: string) => new FieldProblem(`${field}: ${message}`);

function text(field: string, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'object') {
    // A JSON value written as such in JSON lines ({"value": {"id": 1}}) is sent as its JSON text.
    return JSON.stringify(value);
  }
  throw problem(field, 'is not text');
}

function integer(field: string, value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw problem(field, 'is not an integer');
  return n;
}

/** Epoch seconds (with a fraction) or milliseconds, or an ISO-8601 date-time; absent: undefined. */
export function timestampOf(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const asNumber =
    typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(String(value).trim()) ? Number(value) : NaN;
  if (Number.isFinite(asNumber)) {
    const ms = Math.abs(asNumber) < SECONDS_BELOW ? Math.round(asNumber * 1000) : Math.round(asNumber);
    if (ms < 0) throw problem('timestamp', 'is before 1970');
    return ms;
  }
  const parsed = typeof value === 'string' && /\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(parsed))
    throw problem('timestamp', 'is not epoch seconds, milliseconds or an ISO-8601 date-time');
  return parsed;
}

/** `[{key, value}]` (the download's) or `{name: value}`; in CSV, either as JSON text. */
function headersOf(value: unknown): [Buffer, Buffer | null][] {
  if (value === undefined || value === null || value === '') return [];
  let headers = value;
  if (typeof value === 'string') {
    try {
      headers = JSON.parse(value);
    } catch {
      throw problem('headers', 'is not JSON');
    }
  }
  const pairs: [unknown, unknown][] = Array.isArray(headers)
    ? headers.map((h) =>
        h && typeof h === 'object'
          ? [(h as { key?: unknown }).key, (h as { value?: unknown }).value]
          : [undefined, undefined],
      )
    : headers && typeof headers === 'object'
      ? Object.entries(headers)
      : [];
  if (!Array.isArray(headers) && (typeof headers !== 'object' || headers === null)) {
    throw problem('headers', 'is a list of {key, value} or an object');
  }
  return pairs.map(([k, v], i) => {
    if (typeof k !== 'string' || k === '') throw problem(`headers.${i}.key`, 'is not a name');
    if (v !== null && v !== undefined && typeof v !== 'string')
      throw problem(`headers.${i}.value`, 'is not text');
    return [Buffer.from(k, 'utf8'), v == null ? null : Buffer.from(v, 'utf8')];
  });
}

function formatOf(field: string, value: unknown): RecordFormat | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = RecordFormat.safeParse(value);
  if (!parsed.success) throw problem(field, `is not one of ${RecordFormat.options.join(', ')}`);
  return parsed.data;
}

/**
 * One part's bytes: through the registry schema its id names (the Confluent wire format), as base64 for
 * BINARY, through the fixed codecs for INT, LONG and MSGPACK, through the topic's configured codec when
 * the file names no format or the codec's, else as UTF-8 text.
 */
function encodePart(
  field: 'key' | 'value',
  shown: string | null,
  format: RecordFormat | undefined,
  schemaId: number | undefined,
  target: ImportTarget,
): Buffer | null {
  if (shown === null) return null;
  const codec = target.codecs[field];
  try {
    if (schemaId !== undefined) {
      const schema = target.schemas?.get(schemaId);
      if (!target.schemas)
        throw new Error(`names schema ${schemaId}, and this cluster has no Schema Registry`);
      if (typeof schema === 'string' || schema === undefined)
        throw new Error(schema ?? `schema ${schemaId} is not loaded`);
      return schema.encode(shown);
    }
    if (format === 'BINARY') {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(shown) || shown.length % 4 !== 0)
        throw new Error('is not base64, which BINARY is');
      return Buffer.from(shown, 'base64');
    }
    const fixed = format && FIXED_CODECS[format];
    if (fixed) return fixed.encode(shown);
    if (codec && (format === undefined || format === codec.format)) return codec.encode(shown);
    if (format && REGISTRY_FORMATS.includes(format)) {
      throw new Error(
        `is ${format} without a ${field}SchemaId, and the topic has no ${format} format configured`,
      );
    }
    return Buffer.from(shown, 'utf8');
  } catch (error) {
    throw problem(field, (error as Error).message);
  }
}

/** The registry ids a record names (loaded before its encoding, which is synchronous). */
export function schemaIdsOf(fields: Record<string, unknown>): number[] {
  const ids: number[] = [];
  for (const name of ['keySchemaId', 'valueSchemaId']) {
    const id = Number(fields[name]);
    if (fields[name] !== undefined && fields[name] !== null && Number.isSafeInteger(id)) ids.push(id);
  }
  return ids;
}

/**
 * A record of the file as it will be written, or a FieldProblem saying which field is wrong. Without
 * `keepPartitions` a keyed record goes where Kafka's Java producer would put it and the others round
 * robin (`next` counts them).
 */
export function importRecord(
  fields: Record<string, unknown>,
  target: ImportTarget,
  next: () => number,
  now: number,
): Outgoing {
  const formats = (fields.format ?? {}) as Record<string, unknown>;
  if (typeof formats !== 'object') throw problem('format', 'is {key, value}');
  const key = text('key', fields.key);
  const value = text('value', fields.value);
  const keyBytes = encodePart(
    'key',
    key,
    formatOf('format.key', formats.key),
    integer('keySchemaId', fields.keySchemaId),
    target,
  );
  const valueBytes = encodePart(
    'value',
    value,
    formatOf('format.value', formats.value),
    integer('valueSchemaId', fields.valueSchemaId),
    target,
  );
  if (target.compacted && keyBytes === null)
    throw problem('key', `is missing: topic '${target.topic.name}' is compacted`);
  const count = target.topic.partitions.length;
  let partition: number;
  if (target.keepPartitions) {
    const kept = integer('partition', fields.partition);
    if (kept === undefined) throw problem('partition', 'is missing, and keepPartitions is on');
    if (kept < 0 || kept >= count)
      throw problem('partition', `is ${kept}; topic '${target.topic.name}' has ${count} partition(s)`);
    partition = kept;
  } else partition = keyBytes ? partitionFor(keyBytes, count) : next() % count;
  return {
    partition,
    key: keyBytes,
    value: valueBytes,
    headers: headersOf(fields.headers),
    timestamp: timestampOf(fields.timestamp) ?? now,
    shown: { key, value },
  };
}

export function isFieldProblem(error: unknown): error is Error {
  return error instanceof FieldProblem;
}
