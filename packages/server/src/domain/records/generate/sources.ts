import type { Faker } from '@faker-js/faker';
import { AppError, badRequest, missing } from '../../../platform/errors.ts';
import type { SchemaCache } from '../decode/registry.ts';
import type { ParsedSchema } from '../decode/schema-parse.ts';
import { avroFaker } from './avro-fake.ts';
import { jsonSchemaFaker } from './json-schema-fake.ts';
import { protobufFaker } from './protobuf-fake.ts';
import { asText, compileTemplate, render } from './template.ts';

/** One generated key or value: its bytes, and the text the Data tab would show for them (previews). */
export type Made = { bytes: Buffer | null; shown: () => string | null };
/** Makes the `index`th key or value (from 0). */
export type Maker = (index: number) => Made;

/** Largest key or value a template or schema may make: a run of records stays a few MB. */
const MAX_BYTES = 1024 * 1024;

/** Values that conform to `subject`'s latest schema, framed in the Confluent wire format with its id. */
export async function subjectMaker(
  field: 'subject' | 'keySubject',
  subject: string,
  schemas: SchemaCache | undefined,
  faker: Faker,
): Promise<Maker> {
  const name = `body.${field}`;
  if (!schemas) throw missing(name, 'this cluster has no Schema Registry');
  let schema: ParsedSchema;
  try {
    schema = await schemas.latest(subject);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw missing(name, `no subject '${subject}' in the Schema Registry`);
    }
    throw error;
  }
  let fake: (faker: Faker) => unknown;
  try {
    fake = fakerFor(schema);
  } catch (error) {
    throw badRequest(name, `cannot generate values for '${subject}': ${(error as Error).message}`);
  }
  return () => {
    let bytes: Buffer;
    try {
      bytes = schema.encodeValue(fake(faker));
    } catch (error) {
      throw badRequest(name, `could not generate a value for '${subject}': ${(error as Error).message}`);
    }
    if (bytes.length > MAX_BYTES) throw badRequest(name, `a generated value is over ${MAX_BYTES} bytes`);
    return { bytes, shown: () => schema.decode(bytes).text };
  };
}

function fakerFor(schema: ParsedSchema): (faker: Faker) => unknown {
  const { model } = schema;
  switch (model.kind) {
    case 'AVRO':
      return avroFaker(model.type, model.texts);
    case 'JSON':
      return jsonSchemaFaker(model.schema);
    case 'PROTOBUF': {
      const { type } = model;
      if (!type) throw new Error('the Protobuf schema has no message');
      return protobufFaker(type);
    }
  }
}

/** Values from a JSON template (template.ts): a string as its text, anything else as its JSON text. */
export function templateMaker(field: string, template: unknown, faker: Faker): Maker {
  const name = `body.${field}`;
  const compiled = compileTemplate(template, name, faker);
  return (index) => {
    const value = render(compiled, { faker, index }, name);
    if (value === null) return { bytes: null, shown: () => null };
    const text = asText(value);
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length > MAX_BYTES) throw badRequest(name, `a generated value is over ${MAX_BYTES} bytes`);
    return { bytes, shown: () => text };
  };
}

/** Header values from templates, each resolved to text per record. */
export function headersMaker(headers: Record<string, string>, faker: Faker) {
  const compiled = Object.entries(headers).map(
    ([key, template]) =>
      [Buffer.from(key), compileTemplate(template, `body.headers.${key}`, faker), key] as const,
  );
  return (index: number): [Buffer, Buffer][] =>
    compiled.map(([key, c, name]) => [
      key,
      Buffer.from(asText(render(c, { faker, index }, `body.headers.${name}`))),
    ]);
}
