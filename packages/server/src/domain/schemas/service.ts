import type {
  Schema,
  SchemaCompatibility,
  SchemaCompatibilityCheck,
  SchemaCreate,
  SchemaIdRef,
  SchemaList,
  SchemaListQuery,
  SchemaUpdate,
  TopicSchemas,
} from '@console/contract';
import type { Config } from '../../platform/config/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { mapLimit } from '../../platform/map-limit.ts';
import { RegistryClient } from '../../upstreams/registry/client.ts';
import type { UpstreamHttp } from '../../upstreams/upstream-http.ts';
import type { NameFilter } from '../access/roles.ts';
import { pageOf } from '../paging.ts';
import { byName, nameMatcher } from '../topics/topic-naming.ts';
import { byRelevance, preferTopic, toSchema } from './schemas.ts';

/** Parallel registry calls per request: enough for a page, polite to the registry. */
const PARALLEL = 8;

const isNotFound = (error: unknown) => error instanceof AppError && error.code === 'NOT_FOUND';

/**
 * The Schema Registry screens' operations (docs/api-conventions.md#schema-registry) over each cluster's
 * configured registry.
 */
export function schemaService(config: Config, http: UpstreamHttp) {
  const clients = new Map<string, RegistryClient>();

  const registry = (cluster: string): RegistryClient => {
    const known = clients.get(cluster);
    if (known) return known;
    const settings = config.clusters[cluster];
    if (!settings) throw notFound(`Cluster '${cluster}' not found`);
    const own = settings.schemaRegistry;
    if (!own) throw notFound(`Cluster '${cluster}' has no Schema Registry configured`);
    if (own.type === 'glue') {
      throw notFound(
        `The Schema Registry of cluster '${cluster}' is AWS Glue, which has no Confluent REST API`,
      );
    }
    const client = new RegistryClient(http, { ...own, label: `Schema Registry of cluster '${cluster}'` });
    clients.set(cluster, client);
    return client;
  };

  /** The latest version of a subject; one that vanished meanwhile is reported, not fatal to a list. */
  const latestOrProblem = async (client: RegistryClient, subject: string): Promise<Schema> => {
    try {
      return toSchema(await client.version(subject, 'latest'));
    } catch (error) {
      if (!isNotFound(error)) throw error;
      return { subject, exception: (error as Error).message };
    }
  };

  /** The subject's latest version, or 404 naming the subject. */
  const mustExist = async (client: RegistryClient, subject: string) => {
    try {
      return await client.version(subject, 'latest');
    } catch (error) {
      throw isNotFound(error) ? notFound(`Subject '${subject}' doesn't exist`) : error;
    }
  };

  const latest = async (cluster: string, subject: string): Promise<Schema> => {
    const client = registry(cluster);
    const [raw, level] = await Promise.all([
      client.version(subject, 'latest'),
      client.compatibility(subject),
    ]);
    return toSchema(raw, level);
  };

  return {
    /** `allow` is the caller's subject patterns (docs/security.md#list-filtering). */
    async list(
      cluster: string,
      query: SchemaListQuery,
      url: string,
      allow: NameFilter = () => true,
    ): Promise<SchemaList> {
      const client = registry(cluster);
      const matches = nameMatcher(query.search);
      const subjects = (await client.subjects()).filter((s) => allow(s) && matches(s)).sort(byName);
      const cut = pageOf(subjects, query.page, config.pagination.pageSize, url);
      return { ...cut, results: await mapLimit(cut.results, PARALLEL, (s) => latestOrProblem(client, s)) };
    },

    names: async (cluster: string, allow: NameFilter = () => true): Promise<string[]> =>
      (await registry(cluster).subjects()).filter(allow).sort(byName),

    latest,

    async version(cluster: string, subject: string, version: number | 'latest'): Promise<Schema> {
      const client = registry(cluster);
      const [raw, level] = await Promise.all([
        client.version(subject, version),
        client.compatibility(subject),
      ]);
      return toSchema(raw, level);
    },

    async versions(cluster: string, subject: string): Promise<Schema[]> {
      const client = registry(cluster);
      const [numbers, level] = await Promise.all([client.versions(subject), client.compatibility(subject)]);
      const raws = await mapLimit(numbers, PARALLEL, (v) => client.version(subject, v));
      return raws.sort((a, b) => a.version - b.version).map((raw) => toSchema(raw, level));
    },

    async create(cluster: string, body: SchemaCreate): Promise<Schema> {
      const client = registry(cluster);
      const existing = await client.versions(body.subject).catch((error: unknown) => {
        if (isNotFound(error)) return [];
        throw error;
      });
      if (existing.length > 0) throw conflict(`Subject '${body.subject}' already exists`);
      await client.register(body.subject, body);
      if (body.compatibilityLevel) await client.setCompatibility(body.subject, body.compatibilityLevel);
      return latest(cluster, body.subject);
    },

    /** A candidate checked against the latest version under the subject's level; nothing is registered. */
    async testCompatibility(
      cluster: string,
      subject: string,
      body: SchemaCompatibilityCheck,
    ): Promise<SchemaCompatibility> {
      if (body.subject !== undefined && body.subject !== subject) {
        const message = `Invalid subject name '${subject}', doesn't match '${body.subject}'`;
        throw new AppError('CONFLICT', message, { fields: [{ field: 'body.subject', message }] });
      }
      const client = registry(cluster);
      const current = await mustExist(client, subject);
      const answer = await client.testCompatibility(subject, {
        ...body,
        schemaType: body.schemaType ?? current.schemaType ?? 'AVRO',
      });
      return { isCompatible: answer.is_compatible, messages: answer.messages ?? [] };
    },

    /** The level first, so a new version is checked against the level sent with it. */
    async update(cluster: string, subject: string, body: SchemaUpdate): Promise<Schema> {
      if (body.subject !== undefined && body.subject !== subject) {
        // 409 as in AKHQ (docs/api-conventions.md#schema-registry), the field still named.
        const message = `Invalid subject name '${subject}', doesn't match '${body.subject}'`;
        throw new AppError('CONFLICT', message, { fields: [{ field: 'body.subject', message }] });
      }
      const client = registry(cluster);
      const current = await mustExist(client, subject);
      if (body.compatibilityLevel) await client.setCompatibility(subject, body.compatibilityLevel);
      if (body.schema === undefined) return latest(cluster, subject);
      const payload = {
        ...body,
        schema: body.schema,
        schemaType: body.schemaType ?? current.schemaType ?? 'AVRO',
      };
      await client.register(subject, payload);
      const [raw, level] = await Promise.all([
        client.lookup(subject, payload),
        client.compatibility(subject),
      ]);
      // Apicurio's lookup answer leaves out schemaType even for JSON and Protobuf.
      return toSchema({ schemaType: payload.schemaType, ...raw }, level);
    },

    async deleteSubject(cluster: string, subject: string): Promise<void> {
      await registry(cluster).deleteSubject(subject);
    },

    async deleteVersion(cluster: string, subject: string, version: number | 'latest'): Promise<void> {
      await registry(cluster).deleteVersion(subject, version);
    },

    /** Only subjects `allow` keeps count: an id used only by others answers 404, as an unused one. */
    async byId(
      cluster: string,
      id: number,
      topic?: string,
      allow: NameFilter = () => true,
    ): Promise<SchemaIdRef> {
      const versions = (await registry(cluster).idVersions(id)).filter((v) => allow(v.subject));
      const found = preferTopic(versions, topic);
      if (!found) throw notFound(`No subject uses schema id ${id}`);
      return { id, subject: found.subject, version: found.version };
    },

    async forTopic(cluster: string, topic: string, allow: NameFilter = () => true): Promise<TopicSchemas> {
      const client = registry(cluster);
      const subjects = (await client.subjects()).filter(allow);
      const schemas = new Map(
        (await mapLimit(subjects, PARALLEL, (s) => latestOrProblem(client, s))).map((s) => [s.subject, s]),
      );
      const ordered = (kind: 'key' | 'value') =>
        [...subjects].sort(byRelevance(topic, kind)).flatMap((s) => schemas.get(s) ?? []);
      return { key: ordered('key'), value: ordered('value') };
    },
  };
}

export type SchemaService = ReturnType<typeof schemaService>;
