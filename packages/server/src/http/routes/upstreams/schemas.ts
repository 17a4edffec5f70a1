import {
  ClusterParams,
  Schema,
  SchemaCompatibility,
  SchemaCompatibilityCheck,
  SchemaCreate,
  SchemaIdParams,
  SchemaIdQuery,
  SchemaIdRef,
  SchemaList,
  SchemaListQuery,
  SchemaTopicParams,
  SchemaUpdate,
  SchemaVersionParams,
  SchemaVersions,
  SubjectNames,
  SubjectParams,
  TopicSchemas,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusal } from '../../../domain/access/identity.ts';
import type { Services } from '../../../services.ts';

const tags = ['schema'];

/** The cluster's Confluent-compatible Schema Registry (docs/api-conventions.md#schema-registry). */
export const schemaRoutes: FastifyPluginAsyncZod<Services> = async (app, { schemas }) => {
  const subjects = (req: FastifyRequest) =>
    req.permissions.allow('SCHEMA', 'READ', (req.params as { cluster: string }).cluster);
  /** A new version may refer to other subjects: the caller must be allowed to read each. */
  const checkReferences = (req: FastifyRequest, references: readonly { subject: string }[] = []) => {
    const allow = subjects(req);
    const refused = references.find((r) => !allow(r.subject));
    if (refused) throw refusal(req.identity, `resource SCHEMA '${refused.subject}' and action READ`);
  };

  app.get(
    '/api/:cluster/schemas',
    {
      config: {
        access: {
          resource: 'SCHEMA',
          action: 'READ',
          handled: { answer: 'subjects filtered by SCHEMA READ patterns' },
        },
        operation: {
          operationId: 'listAllSchemas',
          tool: 'read',
          summary: 'Every subject with its latest schema',
        },
      },
      schema: { tags, params: ClusterParams, response: { 200: SubjectNames } },
    },
    (req) => schemas.names(req.params.cluster, subjects(req)),
  );

  app.get(
    '/api/:cluster/schema',
    {
      config: {
        access: {
          resource: 'SCHEMA',
          action: 'READ',
          handled: { answer: 'subjects filtered by SCHEMA READ patterns' },
        },
        operation: { operationId: 'listSchemas', tool: 'read', summary: 'Subjects, one page' },
      },
      schema: { tags, params: ClusterParams, querystring: SchemaListQuery, response: { 200: SchemaList } },
    },
    (req) =>
      schemas.list(
        req.params.cluster,
        req.query,
        req.url,
        req.permissions.allow('SCHEMA', 'READ', req.params.cluster),
      ),
  );

  app.post(
    '/api/:cluster/schema',
    {
      config: {
        access: {
          resource: 'SCHEMA',
          action: 'CREATE',
          check: [{ in: 'body', key: 'subject' }],
          handled: {
            'body.references':
              'each referenced subject checked against SCHEMA READ (http/routes/upstreams/schemas.ts)',
          },
        },
        operation: { operationId: 'createSchema', tool: 'write', summary: 'Register a new subject' },
      },
      schema: { tags, params: ClusterParams, body: SchemaCreate, response: { 200: Schema } },
    },
    (req) => {
      checkReferences(req, req.body.references);
      return schemas.create(req.params.cluster, req.body);
    },
  );

  app.get(
    '/api/:cluster/schema/topic/:topic',
    {
      config: {
        access: {
          resource: 'SCHEMA',
          action: 'READ',
          check: [{ in: 'param', key: 'topic', resource: 'TOPIC', action: 'READ' }],
          handled: { answer: 'subjects filtered by SCHEMA READ patterns' },
        },
        operation: {
          operationId: 'getTopicSchemas',
          tool: 'read',
          summary: 'The key and value subjects of a topic',
        },
      },
      schema: { tags, params: SchemaTopicParams, response: { 200: TopicSchemas } },
    },
    (req) => schemas.forTopic(req.params.cluster, req.params.topic, subjects(req)),
  );

  app.get(
    '/api/:cluster/schema/id/:id',
    {
      config: {
        access: {
          resource: 'SCHEMA',
          action: 'READ',
          handled: {
            'param.id':
              'resolved to the subjects using it; only those SCHEMA READ patterns match count, else 404',
            'query.topic': 'only ranks the subjects of the id; names nothing answered',
          },
        },
        operation: { operationId: 'getSchemaById', tool: 'read', summary: 'A schema by its registry id' },
      },
      schema: { tags, params: SchemaIdParams, querystring: SchemaIdQuery, response: { 200: SchemaIdRef } },
    },
    (req) => schemas.byId(req.params.cluster, req.params.id, req.query.topic, subjects(req)),
  );

  app.get(
    '/api/:cluster/schema/:subject',
    {
      config: {
        access: { resource: 'SCHEMA', action: 'READ' },
        operation: { operationId: 'getSchema', tool: 'read', summary: "A subject's latest schema" },
      },
      schema: { tags, params: SubjectParams, response: { 200: Schema } },
    },
    (req) => schemas.latest(req.params.cluster, req.params.subject),
  );

  app.post(
    '/api/:cluster/schema/:subject',
    {
      config: {
        access: {
          resource: 'SCHEMA',
          action: 'UPDATE',
          handled: {
            'body.subject': 'must equal :subject (409 otherwise, as AKHQ answers)',
            'body.references':
              'each referenced subject checked against SCHEMA READ (http/routes/upstreams/schemas.ts)',
          },
        },
        operation: {
          operationId: 'updateSchema',
          tool: 'write',
          summary: 'Register a new version of a subject or change its compatibility',
        },
      },
      schema: { tags, params: SubjectParams, body: SchemaUpdate, response: { 200: Schema } },
    },
    (req) => {
      checkReferences(req, req.body.references);
      return schemas.update(req.params.cluster, req.params.subject, req.body);
    },
  );

  app.post(
    '/api/:cluster/schema/:subject/compatibility',
    {
      config: {
        access: {
          resource: 'SCHEMA',
          action: 'UPDATE',
          handled: {
            'body.subject': 'must equal :subject when given (the check is of :subject)',
            'body.references':
              'each referenced subject checked against SCHEMA READ (http/routes/upstreams/schemas.ts)',
          },
        },
        operation: {
          operationId: 'testSchemaCompatibility',
          tool: 'read',
          summary: "Check a schema against the subject's latest version, registering nothing",
        },
      },
      schema: {
        tags,
        params: SubjectParams,
        body: SchemaCompatibilityCheck,
        response: { 200: SchemaCompatibility },
      },
    },
    (req) => {
      checkReferences(req, req.body.references);
      return schemas.testCompatibility(req.params.cluster, req.params.subject, req.body);
    },
  );

  app.delete(
    '/api/:cluster/schema/:subject',
    {
      config: {
        access: { resource: 'SCHEMA', action: 'DELETE' },
        operation: { operationId: 'deleteSchema', tool: 'destructive', summary: 'Delete a subject' },
      },
      schema: { tags, params: SubjectParams, response: { 204: z.void() } },
    },
    async (req, reply) => {
      await schemas.deleteSubject(req.params.cluster, req.params.subject);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/:cluster/schema/:subject/version',
    {
      config: {
        access: { resource: 'SCHEMA', action: 'READ' },
        operation: {
          operationId: 'listSchemaVersions',
          tool: 'read',
          summary: 'Every version of a subject',
        },
      },
      schema: { tags, params: SubjectParams, response: { 200: SchemaVersions } },
    },
    (req) => schemas.versions(req.params.cluster, req.params.subject),
  );

  app.get(
    '/api/:cluster/schema/:subject/version/:version',
    {
      config: {
        access: { resource: 'SCHEMA', action: 'READ' },
        operation: {
          operationId: 'getSchemaVersion',
          tool: 'read',
          summary: 'One version of a subject',
        },
      },
      schema: { tags, params: SchemaVersionParams, response: { 200: Schema } },
    },
    (req) => schemas.version(req.params.cluster, req.params.subject, req.params.version),
  );

  app.delete(
    '/api/:cluster/schema/:subject/version/:version',
    {
      config: {
        access: { resource: 'SCHEMA', action: 'DELETE_VERSION' },
        operation: {
          operationId: 'deleteSchemaVersion',
          tool: 'destructive',
          summary: 'Delete one version of a subject',
        },
      },
      schema: { tags, params: SchemaVersionParams, response: { 204: z.void() } },
    },
    async (req, reply) => {
      await schemas.deleteVersion(req.params.cluster, req.params.subject, req.params.version);
      return reply.code(204).send();
    },
  );
};
