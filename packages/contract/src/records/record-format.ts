import { z } from 'zod';
import { onFirstUse } from '../common/on-first-use.ts';

/**
 * How the console read a key or value, which also says how to read its text: AVRO, PROTOBUF, JSON_SCHEMA
 * (through the registry or a configured schema), MSGPACK and JSON as JSON text; INT and LONG (big-endian)
 * as decimal digits; TEXT as UTF-8 text; BINARY as base64.
 */
export const RecordFormat = z
  .enum(['AVRO', 'PROTOBUF', 'JSON_SCHEMA', 'MSGPACK', 'INT', 'LONG', 'JSON', 'TEXT', 'BINARY'])
  .meta({ id: 'RecordFormat' });
export type RecordFormat = z.infer<typeof RecordFormat>;

/** The key's and the value's format; a null key or value has none. */
export const RecordFormats = onFirstUse(() =>
  z
    .object({ key: RecordFormat.optional(), value: RecordFormat.optional() })
    .meta({ id: 'RecordFormats', description: 'What the key and the value were decoded as' }),
);
export type RecordFormats = z.infer<typeof RecordFormats>;
