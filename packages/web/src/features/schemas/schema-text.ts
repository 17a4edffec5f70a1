import type { SchemaType } from '@console/contract';

/**
 * Why the schema text cannot be a schema of its type, checked before anything is sent: Avro and JSON Schema are JSON (an Avro schema an object, array or type name; a JSON Schema an
 * object or boolean). Protobuf is checked by the registry alone.
 */
export function schemaTextError(type: SchemaType, text: string): string | undefined {
  if (text.trim() === '') return 'Schema is required';
  if (type === 'PROTOBUF') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return `Schema is not valid JSON: ${(error as Error).message}`;
  }
  if (type === 'AVRO' && !(typeof parsed === 'string' || typeof parsed === 'object'))
    return 'An Avro schema is a JSON object, array or type name';
  if (type === 'AVRO' && parsed === null) return 'An Avro schema is a JSON object, array or type name';
  if (
    type === 'JSON' &&
    !(
      typeof parsed === 'boolean' ||
      (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
    )
  )
    return 'A JSON Schema is a JSON object or a boolean';
  return undefined;
}

/** The schema pretty-printed (two spaces), or undefined when it is not JSON (Protobuf stays as typed). */
export function prettySchema(type: SchemaType, text: string): string | undefined {
  if (type === 'PROTOBUF') return undefined;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return undefined;
  }
}
