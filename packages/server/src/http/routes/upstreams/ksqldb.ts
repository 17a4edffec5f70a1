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
import { ksqlDbService } from '../../../domain/ksqldb/service.ts';
import { refuseMasked, viewerMasks } from '../../../domain/masking/viewer.ts';
import type { Services } from '../../../services.ts';
import { UpstreamHttp } from '../../../upstreams/upstream-http.ts';

const tags = ['ksqldb'];
const base = '/api/:cluster/ksqldb/:ksqlDbId';

/** Contract §3.11: each cluster's configured ksqlDB servers. */
export const ksqlDbRoutes: FastifyPluginAsyncZod<Services> = async (app, { config }) => {
  const http = new UpstreamHttp();
  app.addHook('onClose', () => http.close());
  const ksqldb = ksqlDbService(config, http);
  const list = { params: KsqlDbParams, querystring: KsqlDbListQuery };
  // ksqlDB reads topics itself, unmasked: a caller masked anywhere on the cluster may not query it.
  const unmasked = (req: FastifyRequest, cluster: string) =>
    refuseMasked(viewerMasks(config, req).anyOn(cluster), 'a ksqlDB query');

  app.get(
    `${base}/info`,
    { schema: { tags, params: KsqlDbParams, response: { 200: KsqlDbServerInfo } } },
    (req) => ksqldb.info(req.params.cluster, req.params.ksqlDbId),
  );

  app.get(`${base}/streams`, { schema: { tags, ...list, response: { 200: KsqlDbStreamList } } }, (req) =>
    ksqldb.streams(req.params.cluster, req.params.ksqlDbId, req.query, req.url),
  );

  app.get(`${base}/tables`, { schema: { tags, ...list, response: { 200: KsqlDbTableList } } }, (req) =>
    ksqldb.tables(req.params.cluster, req.params.ksqlDbId, req.query, req.url),
  );

  app.get(`${base}/queries`, { schema: { tags, ...list, response: { 200: KsqlDbQueryList } } }, (req) =>
    ksqldb.queries(req.params.cluster, req.params.ksqlDbId, req.query, req.url),
  );

  app.put(
    `${base}/queries/pull`,
    {
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
