import {
  ClusterParams,
  Schema,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schemaService } from '../registry/service.ts';
import type { Services } from '../services.ts';
import { UpstreamHttp } from '../upstream-http.ts';

const tags = ['schema'];

/** Contract §3.9: the cluster's Confluent-compatible Schema Registry. */
export const schemaRoutes: FastifyPluginAsyncZod<Services> = async (app, { config }) => {
  const http = new UpstreamHttp();
  app.addHook('onClose', () => http.close());
  const schemas = schemaService(config, http);

  app.get(
    '/api/:cluster/schemas',
    { schema: { tags, params: ClusterParams, response: { 200: SubjectNames } } },
    (req) => schemas.names(req.params.cluster),
  );

  app.get(
    '/api/:cluster/schema',
    { schema: { tags, params: ClusterParams, querystring: SchemaListQuery, response: { 200: SchemaList } } },
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
    { schema: { tags, params: ClusterParams, body: SchemaCreate, response: { 200: Schema } } },
    (req) => schemas.create(req.params.cluster, req.body),
  );

  app.get(
    '/api/:cluster/schema/topic/:topic',
    { schema: { tags, params: SchemaTopicParams, response: { 200: TopicSchemas } } },
    (req) => schemas.forTopic(req.params.cluster, req.params.topic),
  );

  app.get(
    '/api/:cluster/schema/id/:id',
    { schema: { tags, params: SchemaIdParams, querystring: SchemaIdQuery, response: { 200: SchemaIdRef } } },
    (req) => schemas.byId(req.params.cluster, req.params.id, req.query.topic),
  );

  app.get(
    '/api/:cluster/schema/:subject',
    { schema: { tags, params: SubjectParams, response: { 200: Schema } } },
    (req) => schemas.latest(req.params.cluster, req.params.subject),
  );

  app.post(
    '/api/:cluster/schema/:subject',
    { schema: { tags, params: SubjectParams, body: SchemaUpdate, response: { 200: Schema } } },
    (req) => schemas.update(req.params.cluster, req.params.subject, req.body),
  );

  app.delete(
    '/api/:cluster/schema/:subject',
    { schema: { tags, params: SubjectParams, response: { 204: z.void() } } },
    async (req, reply) => {
      await schemas.deleteSubject(req.params.cluster, req.params.subject);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/:cluster/schema/:subject/version',
    { schema: { tags, params: SubjectParams, response: { 200: SchemaVersions } } },
    (req) => schemas.versions(req.params.cluster, req.params.subject),
  );

  app.get(
    '/api/:cluster/schema/:subject/version/:version',
    { schema: { tags, params: SchemaVersionParams, response: { 200: Schema } } },
    (req) => schemas.version(req.params.cluster, req.params.subject, req.params.version),
  );

  app.delete(
    '/api/:cluster/schema/:subject/version/:version',
    { schema: { tags, params: SchemaVersionParams, response: { 204: z.void() } } },
    async (req, reply) => {
      await schemas.deleteVersion(req.params.cluster, req.params.subject, req.params.version);
      return reply.code(204).send();
    },
  );
};
