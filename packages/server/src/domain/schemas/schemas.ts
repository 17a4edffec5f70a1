import type { CompatibilityLevel, Schema, SchemaType } from '@console/contract';
import type { RegistrySchema } from '../../upstreams/registry/client.ts';
import { byName } from '../topics/topic-naming.ts';

/**
 * AKHQ's Schema (docs/api-conventions.md#schema) from a registry answer. Avro and JSON texts that are not
 * JSON carry an `exception`.
 */
export function toSchema(raw: RegistrySchema, compatibilityLevel?: CompatibilityLevel): Schema {
  const schemaType: SchemaType = raw.schemaType ?? 'AVRO';
  const exception = parseProblem(schemaType, raw.schema);
  return {
    id: raw.id,
    subject: raw.subject,
    version: raw.version,
    ...(compatibilityLevel ? { compatibilityLevel } : {}),
    schema: raw.schema,
    schemaType,
    ...(raw.references?.length ? { references: raw.references } : {}),
    ...(exception ? { exception } : {}),
  };
}

function parseProblem(type: SchemaType, text: string): string | undefined {
  if (type === 'PROTOBUF') return undefined;
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return `Invalid ${type} schema: ${(error as Error).message}`;
  }
}

/**
 * Subjects ordered for a topic's `kind` (docs/api-conventions.md#schema-registry): `<topic>-<kind>` first,
 * then the subjects that start with the topic name, then the rest, each group in name order.
 */
export function byRelevance(topic: string, kind: 'key' | 'value') {
  const rank = (subject: string) => (subject === `${topic}-${kind}` ? 0 : subject.startsWith(topic) ? 1 : 2);
  return (a: string, b: string) => rank(a) - rank(b) || byName(a, b);
}

/** The subject-version an id lookup answers: the first whose subject contains `topic`, else the first. */
export function preferTopic<T extends { subject: string }>(
  versions: readonly T[],
  topic?: string,
): T | undefined {
  return (topic ? versions.find((v) => v.subject.includes(topic)) : undefined) ?? versions[0];
}
