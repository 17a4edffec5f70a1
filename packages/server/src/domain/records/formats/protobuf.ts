import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import protobuf from 'protobufjs';
import 'protobufjs/ext/descriptor/index.js';
import { toJsonText } from '../decode/json-text.ts';
import { type Codec, parseJsonInput } from './codec.ts';

/** Where a message type comes from: a FileDescriptorSet file or a folder of `.proto` files. */
export type ProtobufSource = { descriptorSet?: string; protoDir?: string; messageType: string };

/**
 * Plain Protobuf (no magic byte, no message indexes) of one named message. Field names stay as the
 * `.proto` file writes them (what protoc's descriptor sets and Python's `preserving_proto_field_name` give);
 * 64-bit integers are strings, enums names, bytes base64, as in Protobuf's JSON mapping.
 */
export function protobufCodec(source: ProtobufSource): Codec {
  const root = source.descriptorSet
    ? fromDescriptorSet(source.descriptorSet)
    : fromFolder(source.protoDir ?? '');
  const type = findType(root, source.messageType);
  const name = type.fullName.replace(/^\./, '');
  return {
    format: 'PROTOBUF',
    label: `PROTOBUF ${name}`,
    name,
    decode(bytes) {
      const message = type.decode(bytes);
      return toJsonText(type.toObject(message, { longs: String, enums: String, bytes: String, json: true }));
    },
    encode(text) {
      const value = parseJsonInput(text, 'a Protobuf message');
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new Error(`must be a JSON object, which ${name} needs`);
      }
      const message = type.fromObject(fieldNames(type, value) as Record<string, unknown>);
      const problem = type.verify(message);
      if (problem) throw new Error(`does not match ${name}: ${problem}`);
      return Buffer.from(type.encode(message).finish());
    },
  };
}

function fromDescriptorSet(file: string): protobuf.Root {
  // protobufjs/ext/descriptor adds Root.fromDescriptor; its typings leave it out.
  const root = protobuf.Root as unknown as { fromDescriptor(set: Uint8Array): protobuf.Root };
  return root.fromDescriptor(readFileSync(file));
}

function fromFolder(dir: string): protobuf.Root {
  const files = protoFiles(resolve(dir));
  if (files.length === 0) throw new Error(`no .proto file in ${dir}`);
  const root = new protobuf.Root();
  // Imports name paths from the folder's root (as protoc -I does); else from the importing file.
  root.resolvePath = (origin, target) => {
    if (isAbsolute(target)) return target;
    const fromRoot = join(resolve(dir), target);
    return existsSync(fromRoot) ? fromRoot : protobuf.util.path.resolve(origin, target);
  };
  root.loadSync(files, { keepCase: true });
  return root;
}

/** Every `.proto` file under `dir`, sorted, for a load order that does not depend on the file system. */
function protoFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.proto'))
    .sort()
    .map((f) => join(dir, f));
}

function findType(root: protobuf.Root, messageType: string): protobuf.Type {
  root.resolveAll();
  const found = root.lookup(messageType.replace(/^\./, ''));
  if (!(found instanceof protobuf.Type)) throw new Error(`no message '${messageType}' in the definitions`);
  return found;
}

/** Accepts lowerCamelCase keys (Protobuf's JSON names) beside the declared field names. */
function fieldNames(type: protobuf.Type, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => fieldNames(type, v));
  if (value === null || typeof value !== 'object') return value;
  const byJsonName = new Map(type.fieldsArray.map((f) => [protobuf.util.camelCase(f.name), f]));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = type.fields[key] ?? byJsonName.get(key);
    if (!field) throw new Error(`${type.name} has no field '${key}'`);
    field.resolve();
    const nested = field.resolvedType instanceof protobuf.Type ? field.resolvedType : undefined;
    if (!nested || v === null || typeof v !== 'object') out[field.name] = v;
    else if (field.map)
      out[field.name] = Object.fromEntries(Object.entries(v).map(([k, e]) => [k, fieldNames(nested, e)]));
    else out[field.name] = fieldNames(nested, v);
  }
  return out;
}
