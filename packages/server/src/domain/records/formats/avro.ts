import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import avro from 'avsc';
import { toJsonText } from '../decode/json-text.ts';
import { avroInput, LongType } from '../decode/schema-parse.ts';
import type { Codec } from './codec.ts';

const COMPLEX = ['record', 'error', 'enum', 'fixed', 'array', 'map', 'union'];

/** Raw binary Avro (no magic byte, no schema id) written with the schema in `file`. */
export function avroCodec(file: string): Codec {
  const type = avro.Type.forSchema(JSON.parse(readFileSync(file, 'utf8')), {
    registry: { long: LongType },
    wrapUnions: 'auto',
  });
  const primitive = !COMPLEX.includes(type.typeName);
  const name = type.name ?? undefined;
  return {
    format: 'AVRO',
    label: `AVRO (${basename(file)})`,
    ...(name ? { name } : {}),
    decode(bytes) {
      const value: unknown = type.fromBuffer(bytes);
      if (primitive) return typeof value === 'string' ? value : String(value);
      return toJsonText(value);
    },
    encode(text) {
      const value = avroInput(type, text, primitive);
      const problems: string[] = [];
      type.isValid(value, { errorHook: (path: string[]) => problems.push(path.join('.') || '(root)') });
      if (problems.length) throw new Error(`does not match the Avro schema at ${problems.join(', ')}`);
      return type.toBuffer(value);
    },
  };
}
