import {
  KsqlDbListQuery,
  KsqlDbParams,
  KsqlDbQueryList,
  KsqlDbQueryRequest,
  KsqlDbQueryResult,
  KsqlDbServerInfo,
  KsqlDbStatementRequest,
  KsqlDbStatementResult,
  KsqlDbStreamList,
  KsqlDbTableList,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseMasked, viewerMasks } from '../../../domain/masking/viewer.ts';
import type { Services } from '../../../services.ts';
import { KSQL_STATEMENTS, KSQLDB } from '../../auth/access-notes.ts';

const tags = ['ksqldb'];
const base = '/api/:cluster/ksqldb/:ksqlDbId';

/** Each cluster's configured ksqlDB servers (docs/api-conventions.md#ksqldb). */
export const ksqlDbRoutes: FastifyPluginAsyncZod<Services> = async (app, { config, ksqldb }) => {
  const list = { params: KsqlDbParams, querystring: KsqlDbListQuery };
  // ksqlDB reads topics itself, unmasked: a caller masked anywhere on the cluster may not query it.
  const unmasked = (req: FastifyRequest, cluster: string) =>
    refuseMasked(viewerMasks(config, req).anyOn(cluster), 'a ksqlDB query');

  app.get(
    `${base}/info`,
    {
      config: {
        access: { resource: 'KSQLDB', action: 'READ', handled: KSQLDB },
        operation: { operationId: 'getKsqlDbInfo', tool: 'read', summary: 'A ksqlDB server' },
      },
      schema: { tags, params: KsqlDbParams, response: { 200: KsqlDbServerInfo } },
    },
    (req) => ksqldb.info(req.params.cluster, req.params.ksqlDbId),
  );

  app.get(
    `${base}/streams`,
    {
      config: {
        access: { resource: 'KSQLDB', action: 'READ', handled: KSQLDB },
        operation: {
          operationId: 'listKsqlDbStreams',
          tool: 'read',
          summary: 'ksqlDB streams',
        },
      },
      schema: { tags, ...list, response: { 200: KsqlDbStreamList } },
    },
    (req) => ksqldb.streams(req.params.cluster, req.params.ksqlDbId, req.query, req.url),
  );

  app.get(
    `${base}/tables`,
    {
      config: {
        access: { resource: 'KSQLDB', action: 'READ', handled: KSQLDB },
        operation: { operationId: 'listKsqlDbTables', tool: 'read', summary: 'ksqlDB tables' },
      },
      schema: { tags, ...list, response: { 200: KsqlDbTableList } },
    },
    (req) => ksqldb.tables(req.params.cluster, req.params.ksqlDbId, req.query, req.url),
  );

  app.get(
    `${base}/queries`,
    {
      config: {
        access: { resource: 'KSQLDB', action: 'READ', handled: KSQLDB },
        operation: {
          operationId: 'listKsqlDbQueries',
          tool: 'read',
          summary: 'Running ksqlDB queries',
        },
      },
      schema: { tags, ...list, response: { 200: KsqlDbQueryList } },
    },
    (req) => ksqldb.queries(req.params.cluster, req.params.ksqlDbId, req.query, req.url),
  );

  app.put(
    `${base}/queries/pull`,
    {
      config: {
        access: {
          resource: 'KSQLDB',
          action: 'EXECUTE',
          handled: { ...KSQLDB, 'body.sql': KSQL_STATEMENTS },
        },
        operation: {
          operationId: 'runKsqlDbPullQuery',
          tool: 'read',
          summary: 'Run a ksqlDB pull query',
        },
      },
      schema: { tags, params: KsqlDbParams, body: KsqlDbQueryRequest, response: { 200: KsqlDbQueryResult } },
    },
    (req) => {
      unmasked(req, req.params.cluster);
      return ksqldb.query(req.params.cluster, req.params.ksqlDbId, req.body.sql, req.body.properties);
    },
  );

  app.put(
    `${base}/execute`,
    {
      config: {
        access: {
          resource: 'KSQLDB',
          action: 'EXECUTE',
          handled: { ...KSQLDB, 'body.sql': KSQL_STATEMENTS },
        },
        operation: {
          operationId: 'executeKsqlDbStatement',
          tool: 'destructive',
          summary: 'Execute a ksqlDB statement',
        },
      },
      schema: {
        tags,
        params: KsqlDbParams,
        body: KsqlDbStatementRequest,
        response: { 200: { content: { 'text/plain': { schema: KsqlDbStatementResult } } } },
      },
    },
    async (req, reply) => {
      unmasked(req, req.params.cluster);
      const text = await ksqldb.execute(
        req.params.cluster,
        req.params.ksqlDbId,
        req.body.sql,
        req.body.properties,
      );
      return reply.type('text/plain; charset=utf-8').send(text);
    },
  );
};
