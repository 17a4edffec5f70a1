import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import avro from 'avsc';
import protobuf from 'protobufjs';
import descriptor from 'protobufjs/ext/descriptor/index.js';
import { parseJsonKeepingBigInts, toJsonText } from './json-text.ts';
import { frame, readMessageIndexes } from './wire.ts';

export type SchemaKind = 'AVRO' | 'JSON' | 'PROTOBUF';
/** A schema as the registry answers `/schemas/ids/{id}` or a subject version; no `schemaType` is Avro. */
export type RegistrySchemaText = {
  schema: string;
  schemaType?: SchemaKind;
  references?: { name: string; subject: string; version: number }[];
};

/** A registry schema ready to turn framed bytes into JSON text and JSON text into framed bytes. */
export type ParsedSchema = {
  id: number;
  kind: SchemaKind;
  /** `bytes` is the whole framed payload. `name` is the schema's own name (Avro full name, message name). */
  decode(bytes: Buffer): { text: string; name: string | undefined };
  encode(text: string): Buffer;
  /** A value already in the schema library's own form (Buffers for Avro bytes), checked and framed. */
  encodeValue(value: unknown): Buffer;
  /** What a fake-data generator walks (../generate/): the schema behind `encode`. */
  model: SchemaModel;
};

export type SchemaModel =
  /** Also the schema texts, references first: `type` keeps no logical types, a generator parses its own. */
  | { kind: 'AVRO'; type: avro.Type; texts: string[] }
  | { kind: 'JSON'; schema: object }
  | { kind: 'PROTOBUF'; type: protobuf.Type | undefined };

/** References in dependency order (each after what it imports), read through `load`. */
export type ReferenceLoader = (ref: { subject: string; version: number }) => Promise<RegistrySchemaText>;

export async function parseSchema(
  id: number,
  answer: RegistrySchemaText,
  load: ReferenceLoader,
): Promise<ParsedSchema> {
  const references = await collectReferences(answer, load);
  switch (answer.schemaType ?? 'AVRO') {
    case 'AVRO':
      return avroSchema(id, answer.schema, references);
    case 'JSON':
      return jsonSchema(id, answer.schema);
    case 'PROTOBUF':
      return protobufSchema(id, answer.schema, references);
  }
}

async function collectReferences(answer: RegistrySchemaText, load: ReferenceLoader) {
  const seen = new Set<string>();
  const ordered: { name: string; schema: RegistrySchemaText }[] = [];
  const visit = async (schema: RegistrySchemaText, depth: number) => {
    if (depth > 20) throw new Error('schema references nest too deep');
    for (const ref of schema.references ?? []) {
      const key = `${ref.subject}\u0000${ref.version}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const loaded = await load(ref);
      await visit(loaded, depth + 1);
      ordered.push({ name: ref.name, schema: loaded });
    }
  };
  await visit(answer, 0);
  return ordered;
}

/** Avro longs as bigint, so ids past 2^53 survive; JSON numbers are accepted when producing. */
export const LongType = avro.types.LongType.__with({
  fromBuffer: (buf: Buffer) => buf.readBigInt64LE(),
  toBuffer: (n: bigint | number) => {
    const buf = Buffer.alloc(8);
    buf.writeBigInt64LE(BigInt(n));
    return buf;
  },
  fromJSON: (n: number | string) => BigInt(n),
  toJSON: (n: bigint) => Number(n),
  isValid: (n: unknown) => typeof n === 'bigint' || Number.isInteger(n),
  compare: (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0),
});

function avroSchema(id: number, text: string, references: { schema: RegistrySchemaText }[]): ParsedSchema {
  const registry: Record<string, avro.Type> = { long: LongType };
  const options = { registry, wrapUnions: 'auto' as const };
  for (const ref of references) avro.Type.forSchema(JSON.parse(ref.schema.schema), options);
  const type = avro.Type.forSchema(JSON.parse(text), options);
  const name = type.name ?? undefined;
  const primitive = !['record', 'error', 'enum', 'fixed', 'array', 'map', 'union'].includes(type.typeName);
  const encodeValue = (value: unknown) => {
    const problems: string[] = [];
    type.isValid(value, { errorHook: (path: string[]) => problems.push(path.join('.') || '(root)') });
    if (problems.length) throw new Error(`does not match the Avro schema at ${problems.join(', ')}`);
    return frame(id, type.toBuffer(value));
  };
  return {
    id,
    kind: 'AVRO',
    decode(bytes) {
      const value: unknown = type.fromBuffer(bytes.subarray(5));
      if (primitive && typeof value === 'string') return { text: value, name };
      return { text: primitive ? String(value) : toJsonText(value), name };
    },
    encode: (input) => encodeValue(avroInput(type, input, primitive)),
    encodeValue,
    model: { kind: 'AVRO', type, texts: [...references.map((r) => r.schema.schema), text] },
  };
}

export function avroInput(type: avro.Type, input: string, primitive: boolean): unknown {
  if (primitive && type.typeName === 'string') return input;
  try {
    return parseJsonKeepingBigInts(input);
  } catch {
    if (primitive) return input;
    throw new Error('is not JSON, which an Avro record needs');
  }
}

function jsonSchema(id: number, text: string): ParsedSchema {
  const schema = JSON.parse(text) as { title?: unknown; $id?: unknown };
  const title = typeof schema.title === 'string' ? schema.title : undefined;
  const name = title ?? (typeof schema.$id === 'string' ? schema.$id : undefined);
  let validate: ValidateFunction | null | undefined;
  const encodeValue = (value: unknown) => {
    validate ??= compileJsonSchema(schema);
    if (validate && !validate(value)) {
      const why = (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join(', ');
      throw new Error(`does not match the JSON Schema: ${why}`);
    }
    return frame(id, Buffer.from(JSON.stringify(value)));
  };
  return {
    id,
    kind: 'JSON',
    decode(bytes) {
      const payload = bytes.subarray(5).toString('utf8');
      JSON.parse(payload);
      return { text: payload, name };
    },
    encode(input) {
      let value: unknown;
      try {
        value = JSON.parse(input);
      } catch {
        throw new Error('is not JSON, which a JSON Schema needs');
      }
      return encodeValue(value);
    },
    encodeValue,
    model: { kind: 'JSON', schema },
  };
}

/** A validator, or null when neither draft-07 nor 2020-12 Ajv can compile the schema (then none is applied). */
function compileJsonSchema(schema: object): ValidateFunction | null {
  for (const make of [
    () => new Ajv.default({ strict: false }),
    () => new Ajv2020.default({ strict: false }),
  ]) {
    try {
      return make().compile(schema);
    } catch {}
  }
  return null;
}

function protobufSchema(
  id: number,
  text: string,
  references: { name: string; schema: RegistrySchemaText }[],
): ParsedSchema {
  const main = protoFile(text);
  const { root } = main;
  const scope = main.package ? root.lookup(main.package) : root;
  // The message-index path counts the file's own top-level messages, in declaration order.
  const topLevel = messagesOf(scope);
  const imports = new Set(main.imports);
  for (const ref of references) {
    const parsed = protobuf.parse(ref.schema.schema, root);
    for (const i of parsed.imports ?? []) imports.add(i);
  }
  for (const file of imports) {
    const common = protobuf.common.get(file);
    if (common?.nested) root.addJSON(common.nested);
  }
  root.resolveAll();
  const first = topLevel[0];
  const encodeValue = (value: unknown) => {
    if (!first) throw new Error('the Protobuf schema has no message');
    // fromObject reads the JSON mapping (64-bit integers as strings, enums by name); verify what it made.
    const message = first.fromObject(camelKeys(value) as Record<string, unknown>);
    const problem = first.verify(message);
    if (problem) throw new Error(`does not match ${first.name}: ${problem}`);
    return frame(id, first.encode(message).finish(), [0]);
  };
  return {
    id,
    kind: 'PROTOBUF',
    decode(bytes) {
      const { indexes, next } = readMessageIndexes(bytes, 5);
      let candidates = topLevel;
      let type: protobuf.Type | undefined;
      for (const index of indexes) {
        type = candidates[index];
        if (!type) throw new Error(`no message at index path [${indexes.join(',')}]`);
        candidates = messagesOf(type);
      }
      if (!type) throw new Error('empty message index path');
      const message = type.decode(bytes.subarray(next));
      const object = type.toObject(message, { longs: String, enums: String, bytes: String, json: true });
      return { text: toJsonText(object), name: type.fullName.replace(/^\./, '') };
    },
    encode(input) {
      if (!first) throw new Error('the Protobuf schema has no message');
      let value: unknown;
      try {
        value = JSON.parse(input);
      } catch {
        throw new Error('is not JSON, which a Protobuf message needs');
      }
      return encodeValue(value);
    },
    encodeValue,
    model: { kind: 'PROTOBUF', type: first },
  };
}

/** Base64 text: a serialized FileDescriptorProto, never `.proto` source (which has spaces and `;`). */
const SERIALIZED = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The schema's own file: `.proto` text, or a base64 FileDescriptorProto, the form Confluent's serializers
 * register and some registries (Apicurio's Confluent API) hand back as they got it.
 */
function protoFile(text: string): { root: protobuf.Root; package: string | undefined; imports: string[] } {
  const trimmed = text.trim();
  if (!SERIALIZED.test(trimmed)) {
    const root = new protobuf.Root();
    const parsed = protobuf.parse(text, root);
    return { root, package: parsed.package, imports: parsed.imports ?? [] };
  }
  const file = Buffer.from(trimmed, 'base64');
  const proto = descriptor.FileDescriptorProto.decode(file) as unknown as descriptor.IFileDescriptorProto;
  const set = descriptor.FileDescriptorSet.encode({ file: [proto] }).finish();
  return {
    // protobufjs/ext/descriptor adds Root.fromDescriptor; its typings leave it out.
    root: (protobuf.Root as unknown as { fromDescriptor(set: Uint8Array): protobuf.Root }).fromDescriptor(
      set,
    ),
    package: proto.package || undefined,
    imports: proto.dependency ?? [],
  };
}

function messagesOf(scope: protobuf.ReflectionObject | null): protobuf.Type[] {
  if (!(scope instanceof protobuf.Namespace)) return [];
  return scope.nestedArray.filter((n): n is protobuf.Type => n instanceof protobuf.Type);
}

/** protobufjs names fields in lowerCamelCase (as the JSON mapping does); `snake_case` input is accepted too. */
function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
      camelKeys(v),
    ]),
  );
}
