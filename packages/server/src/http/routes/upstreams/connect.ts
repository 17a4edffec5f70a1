import {
  ConnectDefinition,
  ConnectDefinitionList,
  ConnectListQuery,
  ConnectorConfigMap,
  ConnectorConfigsUpdate,
  ConnectorCreate,
  ConnectorParams,
  ConnectParams,
  ConnectPlugin,
  ConnectPluginList,
  ConnectPluginParams,
  ConnectRefList,
  ConnectsQuery,
  ConnectTaskList,
  ConnectTaskParams,
} from '@console/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorizeConnector, withVisibleTraces } from '../../../domain/connect/connector-access.ts';
import { connectService } from '../../../domain/connect/service.ts';
import { viewerMasks } from '../../../domain/masking/viewer.ts';
import type { Services } from '../../../services.ts';
import { UpstreamHttp } from '../../../upstreams/upstream-http.ts';

const tags = ['connect'];
const base = '/api/:cluster/connect/:connectId';

/** Contract §3.10: each cluster's configured Kafka Connect workers. */
export const connectRoutes: FastifyPluginAsyncZod<Services> = async (app, { config }) => {
  const http = new UpstreamHttp();
  app.addHook('onClose', () => http.close());
  const connect = connectService(config, http);
  // Task traces quote records: hidden from a caller whose records security.masking masks on the cluster.
  const masked = (req: FastifyRequest, cluster: string) => viewerMasks(config, req).anyOn(cluster);
  const noContent = { 204: z.void() };

  app.get(
    '/api/connects',
    { schema: { tags, querystring: ConnectsQuery, response: { 200: ConnectRefList } } },
    // The guard checks a given clusterId against the caller's cluster patterns; without one, only
    // the clusters where the caller may read connectors are listed.
    (req) =>
      connect
        .connects(req.query.clusterId)
        .filter((ref) => req.permissions.grants('CONNECTOR', 'READ', ref.cluster)),
  );

  app.get(
    base,
    {
      schema: {
        tags,
        params: ConnectParams,
        querystring: ConnectListQuery,
        response: { 200: ConnectDefinitionList },
      },
    },
    async (req) => {
      const allow = req.permissions.allow('CONNECTOR', 'READ', req.params.cluster);
      const page = await connect.list(req.params.cluster, req.params.connectId, req.query, req.url, allow);
      const hide = masked(req, req.params.cluster);
      const results = page.results.map((d) =>
        withVisibleTraces(req.permissions, req.params.cluster, d, hide),
      );
      return { ...page, results };
    },
  );

  app.post(
    base,
    { schema: { tags, params: ConnectParams, body: ConnectorCreate, response: { 200: ConnectDefinition } } },
    (req) =>
      connect.create(req.params.cluster, req.params.connectId, req.body, (configs, pluginType) =>
        authorizeConnector(
          req,
          { action: 'CREATE', cluster: req.params.cluster, name: req.body.name, pluginType },
          configs,
          config.security.connectorClasses,
        ),
      ),
  );

  app.get(
    `${base}/plugins`,
    { schema: { tags, params: ConnectParams, response: { 200: ConnectPluginList } } },
    (req) => connect.plugins(req.params.cluster, req.params.connectId),
  );

  app.get(
    `${base}/plugins/:className`,
    { schema: { tags, params: ConnectPluginParams, response: { 200: ConnectPlugin } } },
    (req) => connect.plugin(req.params.cluster, req.params.connectId, req.params.className),
  );

  app.put(
    `${base}/plugins/:className/validate`,
    {
      schema: {
        tags,
        params: ConnectPluginParams,
        body: ConnectorConfigsUpdate,
        response: { 200: ConnectPlugin },
      },
    },
    (req) =>
      connect.validate(req.params.cluster, req.params.connectId, req.params.className, req.body.configs),
  );

  app.get(
    `${base}/:name`,
    { schema: { tags, params: ConnectorParams, response: { 200: ConnectDefinition } } },
    async (req) =>
      withVisibleTraces(
        req.permissions,
        req.params.cluster,
        await connect.definition(req.params.cluster, req.params.connectId, req.params.name),
        masked(req, req.params.cluster),
      ),
  );

  app.delete(
    `${base}/:name`,
    { schema: { tags, params: ConnectorParams, response: noContent } },
    async (req, reply) => {
      await connect.delete(req.params.cluster, req.params.connectId, req.params.name);
      return reply.code(204).send();
    },
  );

  app.get(
    `${base}/:name/tasks`,
    { schema: { tags, params: ConnectorParams, response: { 200: ConnectTaskList } } },
    async (req) => {
      const { cluster, connectId, name } = req.params;
      const hide = masked(req, cluster);
      if (!req.permissions.enforced && !hide) return connect.tasks(cluster, connectId, name);
      const definition = await connect.definition(cluster, connectId, name);
      return withVisibleTraces(req.permissions, cluster, definition, hide).tasks ?? [];
    },
  );

  app.get(
    `${base}/:name/configs`,
    { schema: { tags, params: ConnectorParams, response: { 200: ConnectorConfigMap } } },
    (req) => connect.configs(req.params.cluster, req.params.connectId, req.params.name),
  );

  app.post(
    `${base}/:name/configs`,
    {
      schema: {
        tags,
        params: ConnectorParams,
        body: ConnectorConfigsUpdate,
        response: { 200: ConnectDefinition },
      },
    },
    (req) =>
      connect.updateConfigs(
        req.params.cluster,
        req.params.connectId,
        req.params.name,
        req.body.configs,
        (configs, pluginType) =>
          authorizeConnector(
            req,
            { action: 'UPDATE', cluster: req.params.cluster, name: req.params.name, pluginType },
            configs,
            config.security.connectorClasses,
          ),
      ),
  );

  // AKHQ exposes these state changes as GETs (contract §3.10 items 62-65): kept for its scripts with
  // Basic or bearer credentials, refused to a cookie session (cross-site.ts), without the automatic
  // HEAD route so a link checker cannot pause a connector. The console uses the POST twins.
  const legacyGet = { exposeHeadRoute: false, config: { stateChangingGet: true } };
  for (const action of ['restart', 'pause', 'resume'] as const) {
    const handler = async (req: { params: z.infer<typeof ConnectorParams> }, reply: FastifyReply) => {
      await connect[action](req.params.cluster, req.params.connectId, req.params.name);
      return reply.code(204).send();
    };
    const schema = { tags, params: ConnectorParams, response: noContent };
    app.get(`${base}/:name/${action}`, { ...legacyGet, schema: { ...schema, deprecated: true } }, handler);
    app.post(`${base}/:name/${action}`, { schema }, handler);
  }

  const restartTask = async (req: { params: z.infer<typeof ConnectTaskParams> }, reply: FastifyReply) => {
    await connect.restartTask(req.params.cluster, req.params.connectId, req.params.name, req.params.taskId);
    return reply.code(204).send();
  };
  const taskSchema = { tags, params: ConnectTaskParams, response: noContent };
  app.get(
    `${base}/:name/tasks/:taskId/restart`,
    { ...legacyGet, schema: { ...taskSchema, deprecated: true } },
    restartTask,
  );
  app.post(`${base}/:name/tasks/:taskId/restart`, { schema: taskSchema }, restartTask);
};
