import { z } from 'zod';
import { regex } from './regex.ts';

/** A file or folder the server reads once at start; a relative path is from the working directory. */
const path = z.string().min(1, 'must name a file');

/** How one part (key or value) of a topic's records is written when no registry frames it. */
const PartFormat = z.discriminatedUnion('format', [
  z
    .strictObject({
      format: z.literal('PROTOBUF'),
      /** A FileDescriptorSet, as `protoc --include_imports --descriptor_set_out` writes it. */
      descriptorSet: path.optional(),
      /** A folder of `.proto` files (subfolders included), imports resolved from it. */
      protoDir: path.optional(),
      /** The full name of the message, e.g. `shop.v1.Order`. */
      messageType: z.string().min(1, 'must name the message, e.g. shop.v1.Order'),
    })
    .refine((p) => (p.descriptorSet === undefined) !== (p.protoDir === undefined), {
      message: 'give exactly one of descriptorSet and protoDir',
      path: ['descriptorSet'],
    }),
  /** Raw binary Avro (no magic byte, no schema id) written with the schema in `schemaFile` (`.avsc` JSON). */
  z.strictObject({ format: z.literal('AVRO'), schemaFile: path }),
  z.strictObject({ format: z.literal('MSGPACK') }),
  /** A big-endian 32-bit (INT) or 64-bit (LONG) signed integer, as Kafka's Java serializers write them. */
  z.strictObject({ format: z.literal('INT') }),
  z.strictObject({ format: z.literal('LONG') }),
]);
export type PartFormat = z.infer<typeof PartFormat>;

/**
 * `clusters.<c>.deserialization`: for topics matching one of `topics` (full-match regexes), how keys and
 * values are decoded, and encoded when producing. For each part the first rule that names it applies.
 */
export const Deserialization = z.array(
  z
    .strictObject({ topics: z.array(regex).min(1), key: PartFormat.optional(), value: PartFormat.optional() })
    .refine((r) => r.key !== undefined || r.value !== undefined, {
      message: 'give key or value (or both)',
      path: ['value'],
    }),
);
