import type { DataRecord, ProduceBody, RecordFormats } from '@console/contract';
import { compatibilityPartitioner, type Producer } from '@platformatic/kafka';
import type { TopicMeta } from '../../kafka/metadata.ts';
import { AppError, badRequest, conflict, missing } from '../../platform/errors.ts';
import { REGISTRY_FORMATS } from './decode/decode.ts';
import type { SchemaCache } from './decode/registry.ts';
import type { TopicCodecs } from './formats/codec.ts';
import { formatsOf } from './formats/detect.ts';

/** One record to write, bytes ready, partition chosen. */
export type Outgoing = {
  partition: number;
  key: Buffer | null;
  value: Buffer | null;
  headers: [Buffer, Buffer | null][];
  timestamp: number;
  shown: {
    key: string | null;
    value: string | null;
    keySchemaId?: number;
    valueSchemaId?: number;
    format?: RecordFormats;
  };
};

type Pair = { key: string | null; value: string | null };

/**
 * The key/value pairs of a produce body (docs/api-conventions.md#produce): one, or one per line with
 * `multiMessage`.
 */
export function pairsOf(body: ProduceBody): Pair[] {
  const text = (s: string | null | undefined) => (s ? s : null);
  if (!body.multiMessage) return [{ key: text(body.key), value: text(body.value) }];
  if (!body.keyValueSeparator) throw badRequest('body.keyValueSeparator', 'required with multiMessage');
  // A literal string, as the form's users expect: never a regular expression (a crafted one would
  // block the event loop).
  const separator = body.keyValueSeparator;
  const lines = (body.value ?? '').split(/\r\n|\r|\n/);
  const pairs: Pair[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const at = line.indexOf(separator);
    if (at < 0) {
      throw badRequest('body.value', `line ${i + 1} has no separator '${separator}'`);
    }
    pairs.push({
      key: text(line.slice(0, at).trim()),
      value: text(line.slice(at + separator.length)),
    });
  });
  if (pairs.length === 0) throw badRequest('body.value', 'no line to produce');
  return pairs;
}

/**
 * Encodes keys and values through the registry subjects' latest schemas, else the topic's configured
 * formats (`deserialization`), else as UTF-8; refusals name the field.
 */
export async function encodeAll(
  pairs: Pair[],
  body: ProduceBody,
  schemas: SchemaCache | undefined,
  topic: TopicMeta,
  codecs: TopicCodecs = {},
): Promise<Outgoing[]> {
  const subject = async (field: 'keySchema' | 'valueSchema') => {
    const name = body[field];
    if (!name) return undefined;
    if (!schemas) throw missing(`body.${field}`, 'this cluster has no Schema Registry');
    try {
      return await schemas.latest(name);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw missing(`body.${field}`, `no subject '${name}' in the Schema Registry`);
      }
      throw error;
    }
  };
  const [keySchema, valueSchema] = await Promise.all([subject('keySchema'), subject('valueSchema')]);
  const formatOf = (field: 'key' | 'value', schema: typeof keySchema) =>
    schema ? REGISTRY_FORMATS[schema.kind] : (codecs[field]?.format ?? 'TEXT');
  const keyFormat = formatOf('key', keySchema);
  const valueFormat = formatOf('value', valueSchema);
  const encode = (field: 'key' | 'value', text: string | null, schema: typeof keySchema) => {
    if (text === null) return null;
    const codec = codecs[field];
    if (!schema && !codec) return Buffer.from(text, 'utf8');
    try {
      return schema ? schema.encode(text) : (codec?.encode(text) ?? Buffer.from(text, 'utf8'));
    } catch (error) {
      throw badRequest(`body.${field}`, (error as Error).message);
    }
  };
  if (body.partition != null && body.partition >= topic.partitions.length) {
    throw missing('body.partition', `topic '${topic.name}' has ${topic.partitions.length} partition(s)`);
  }
  const timestamp = body.timestamp ? Date.parse(body.timestamp) : Date.now();
  const headers = body.headers
    .filter((h) => h.key)
    .map(({ key, value }): [Buffer, Buffer | null] => [
      Buffer.from(key ?? ''),
      value == null ? null : Buffer.from(value),
    ]);
  let roundRobin = Math.floor(Math.random() * topic.partitions.length);
  return pairs.map((pair) => {
    const key = encode('key', pair.key, keySchema);
    const value = encode('value', pair.value, valueSchema);
    const partition =
      body.partition ??
      (key ? partitionFor(key, topic.partitions.length) : roundRobin++ % topic.partitions.length);
    return {
      partition,
      key,
      value,
      headers,
      timestamp,
      shown: {
        ...pair,
        ...(keySchema && key ? { keySchemaId: keySchema.id } : {}),
        ...(valueSchema && value ? { valueSchemaId: valueSchema.id } : {}),
        format: formatsOf({ text: pair.key, format: keyFormat }, { text: pair.value, format: valueFormat }),
      },
    };
  });
}

/** Where a Java producer puts a keyed record: positive murmur2 of the key, modulo the partition count. */
export function partitionFor(key: Buffer, partitions: number): number {
  return compatibilityPartitioner(undefined as never, key) % partitions;
}

/** The records as the producer takes them, for `topic`. */
export function messagesOf(topic: string, records: Outgoing[]) {
  return records.map((r) => ({
    topic,
    partition: r.partition,
    key: r.key ?? undefined,
    value: r.value as Buffer,
    headers: new Map(r.headers as [Buffer, Buffer][]),
    timestamp: BigInt(r.timestamp),
  }));
}

/** Writes the records; each answer carries the offset the broker gave it. */
export async function send(producer: Producer, topic: string, records: Outgoing[]): Promise<DataRecord[]> {
  const result = await producer.send({ messages: messagesOf(topic, records) });
  const base = new Map((result.offsets ?? []).map((o) => [o.partition, Number(o.offset)]));
  const seen = new Map<number, number>();
  return records.map((r) => {
    const index = seen.get(r.partition) ?? 0;
    seen.set(r.partition, index + 1);
    const offset = base.get(r.partition);
    if (offset === undefined) throw conflict(`The broker did not acknowledge partition ${r.partition}`);
    return {
      topic: { name: topic },
      partition: r.partition,
      offset: offset + index,
      timestamp: new Date(r.timestamp).toISOString(),
      ...(r.shown.key !== null ? { key: r.shown.key } : {}),
      ...(r.shown.value !== null ? { value: r.shown.value } : {}),
      headers: r.headers.map(([k, v]) => ({ key: k.toString(), value: v === null ? 'null' : v.toString() })),
      ...(r.shown.keySchemaId !== undefined ? { keySchemaId: String(r.shown.keySchemaId) } : {}),
      ...(r.shown.valueSchemaId !== undefined ? { valueSchemaId: String(r.shown.valueSchemaId) } : {}),
      truncated: false,
      exceptions: [],
      ...(r.shown.format ? { format: r.shown.format } : {}),
    };
  });
}
