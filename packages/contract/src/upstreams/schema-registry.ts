import { z } from 'zod';
import { ClusterParams } from '../cluster.ts';
import { pagedList } from '../common/lists.ts';
import { onFirstUse } from '../common/on-first-use.ts';
import { lenientInt } from '../common/query.ts';

export const CompatibilityLevel = z.enum([
  'NONE',
  'BACKWARD',
  'BACKWARD_TRANSITIVE',
  'FORWARD',
  'FORWARD_TRANSITIVE',
  'FULL',
  'FULL_TRANSITIVE',
]);
export type CompatibilityLevel = z.infer<typeof CompatibilityLevel>;

export const SchemaType = z.enum(['AVRO', 'JSON', 'PROTOBUF']);
export type SchemaType = z.infer<typeof SchemaType>;

export const SchemaReference = onFirstUse(() =>
  z
    .object({ name: z.string(), subject: z.string(), version: z.number().int() })
    .meta({ id: 'SchemaReference' }),
);
export type SchemaReference = z.infer<typeof SchemaReference>;

/** AKHQ's Schema (docs/api-conventions.md#schema): one version of a subject. */
export const Schema = onFirstUse(() =>
  z
    .object({
      id: z.number().int().optional(),
      subject: z.string(),
      version: z.number().int().optional(),
      compatibilityLevel: CompatibilityLevel.optional().meta({
        description: "The subject's level, else the registry's global one",
      }),
      schema: z.string().optional().meta({ description: 'The schema text' }),
      schemaType: SchemaType.optional(),
      references: z.array(SchemaReference).optional(),
      exception: z
        .string()
        .optional()
        .meta({ description: 'Why the schema could not be read or parsed; shown as a warning' }),
    })
    .meta({ id: 'Schema' }),
);
export type Schema = z.infer<typeof Schema>;

export const SchemaList = onFirstUse(() => pagedList(Schema).meta({ id: 'SchemaList' }));
export type SchemaList = z.infer<typeof SchemaList>;
export const SchemaVersions = onFirstUse(() => z.array(Schema));
export const SubjectNames = onFirstUse(() => z.array(z.string()));

export const SchemaListQuery = onFirstUse(() =>
  z.object({
    search: z
      .string()
      .optional()
      .meta({ description: 'Space-separated terms; every one must be in the subject' }),
    page: lenientInt.meta({ description: '1-based page number' }),
  }),
);
export type SchemaListQuery = z.infer<typeof SchemaListQuery>;

/** `POST /api/{cluster}/schema`. Extra properties the UI sends (`clusterId`) are ignored. */
export const SchemaCreate = onFirstUse(() =>
  z
    .object({
      subject: z.string().min(1),
      schema: z.string().min(1),
      schemaType: SchemaType.default('AVRO'),
      references: z.array(SchemaReference).optional(),
      compatibilityLevel: CompatibilityLevel.optional(),
    })
    .meta({ id: 'SchemaCreate' }),
);
export type SchemaCreate = z.infer<typeof SchemaCreate>;

const schemaVersion = {
  subject: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'When given, must equal the path subject (409 otherwise, as AKHQ answers)' }),
  schema: z.string().min(1),
  schemaType: SchemaType.optional().meta({ description: "Default: the subject's latest version's type" }),
  references: z.array(SchemaReference).optional(),
};

/**
 * `POST /api/{cluster}/schema/{subject}`: a new version, a new compatibility level, or both. The path names
 * the subject: a `subject` in the body (AKHQ's client sends one) must be the same.
 */
export const SchemaUpdate = onFirstUse(() =>
  z
    .union(
      [
        z.object({ ...schemaVersion, compatibilityLevel: CompatibilityLevel.optional() }),
        z.object({
          ...schemaVersion,
          schema: schemaVersion.schema.optional(),
          compatibilityLevel: CompatibilityLevel,
        }),
      ],
      { error: 'give a schema, a compatibilityLevel or both' },
    )
    .meta({ id: 'SchemaUpdate', description: 'A schema, a compatibilityLevel or both' }),
);
/** One type for both forms: callers build the body field by field. */
export type SchemaUpdate = Partial<z.infer<ReturnType<typeof SchemaUpdate.unwrap>['options'][0]>>;

/** `POST /api/{cluster}/schema/{subject}/compatibility`: a candidate schema, checked, never registered. */
export const SchemaCompatibilityCheck = onFirstUse(() =>
  z.object({ ...schemaVersion, schema: z.string().min(1) }).meta({ id: 'SchemaCompatibilityCheck' }),
);
export type SchemaCompatibilityCheck = z.infer<typeof SchemaCompatibilityCheck>;

/** The registry's verdict against the subject's latest version, with its reasons when incompatible. */
export const SchemaCompatibility = onFirstUse(() =>
  z
    .object({
      isCompatible: z.boolean(),
      messages: z.array(z.string()).meta({ description: "The registry's reasons, when it gives any" }),
    })
    .meta({ id: 'SchemaCompatibility' }),
);
export type SchemaCompatibility = z.infer<typeof SchemaCompatibility>;

/** `GET /api/{cluster}/schema/id/{id}`: which subject and version use a schema id. */
export const SchemaIdRef = onFirstUse(() =>
  z
    .object({ id: z.number().int(), subject: z.string(), version: z.number().int() })
    .meta({ id: 'SchemaIdRef' }),
);
export type SchemaIdRef = z.infer<typeof SchemaIdRef>;

/** `GET /api/{cluster}/schema/topic/{topic}`: every subject's latest version, most relevant first. */
export const TopicSchemas = onFirstUse(() =>
  z.object({ key: z.array(Schema), value: z.array(Schema) }).meta({ id: 'TopicSchemas' }),
);
export type TopicSchemas = z.infer<typeof TopicSchemas>;

export const SubjectParams = ClusterParams.extend({ subject: z.string().min(1) });
export const SchemaVersionParams = SubjectParams.extend({
  version: z
    .union([z.literal('latest'), z.coerce.number().int().positive()])
    .meta({ description: 'A version number or `latest`' }),
});
export const SchemaIdParams = ClusterParams.extend({ id: z.coerce.number().int().nonnegative() });
export const SchemaIdQuery = onFirstUse(() =>
  z.object({
    topic: z.string().optional().meta({ description: 'Prefer a subject containing this topic name' }),
  }),
);
export const SchemaTopicParams = ClusterParams.extend({ topic: z.string().min(1) });
