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
import { viewerMasks } from '../../../domain/masking/viewer.ts';
import type { Services } from '../../../services.ts';
import { CONNECTOR_CONFIGS, TASK_TRACES, WORKER } from '../../auth/access-notes.ts';
import { connectOperationRoutes } from './connect-operations.ts';

const tags = ['connect'];
const base = '/api/:cluster/connect/:connectId';

/** Each cluster's configured Kafka Connect workers (docs/api-conventions.md#kafka-connect). */
export const connectRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { config, connect } = services;
  // Task traces quote records: hidden from a caller whose records security.masking masks on the cluster.
  const masked = (req: FastifyRequest, cluster: string) => viewerMasks(config, req).anyOn(cluster);
  const noContent = { 204: z.void() };

  app.get(
    '/api/connects',
    {
      config: {
        access: {
          resource: 'CONNECTOR',
          action: 'READ',
          check: [{ in: 'query', key: 'clusterId', cluster: true }],
          handled: {
            answer: 'without clusterId: the workers of clusters where the caller has CONNECTOR READ',
          },
        },
        operation: {
          operationId: 'listConnectClusters',
          tool: 'read',
          summary: 'The Connect clusters of a cluster',
        },
      },
      schema: { tags, querystring: ConnectsQuery, response: { 200: ConnectRefList } },
    },
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
      config: {
        access: {
          resource: 'CONNECTOR',
          action: 'READ',
          handled: { ...WORKER, answer: 'connectors filtered by CONNECTOR READ patterns' },
        },
        operation: {
          operationId: 'listConnectors',
          tool: 'read',
          summary: 'Connectors of a Connect cluster, one page',
        },
      },
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
    {
      config: {
        access: {
          resource: 'CONNECTOR',
          action: 'CREATE',
          check: [{ in: 'body', key: 'name' }],
          handled: { ...WORKER, 'body.configs': CONNECTOR_CONFIGS },
        },
        operation: { operationId: 'createConnector', tool: 'write', summary: 'Create a connector' },
      },
      schema: { tags, params: ConnectParams, body: ConnectorCreate, response: { 200: ConnectDefinition } },
    },
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
    {
      config: {
        access: { resource: 'CONNECT_CLUSTER', action: 'READ' },
        operation: {
          operationId: 'listConnectPlugins',
          tool: 'read',
          summary: 'Connector plugins installed on a Connect cluster',
        },
      },
      schema: { tags, params: ConnectParams, response: { 200: ConnectPluginList } },
    },
    (req) => connect.plugins(req.params.cluster, req.params.connectId),
  );

  app.get(
    `${base}/plugins/:className`,
    {
      config: {
        access: {
          resource: 'CONNECT_CLUSTER',
          action: 'READ',
          handled: { 'param.className': 'a connector class: its form, no data' },
        },
        operation: {
          operationId: 'getConnectPlugin',
          tool: 'read',
          summary: 'A connector plugin and its config definitions',
        },
      },
      schema: { tags, params: ConnectPluginParams, response: { 200: ConnectPlugin } },
    },
    (req) => connect.plugin(req.params.cluster, req.params.connectId, req.params.className),
  );

  app.put(
    `${base}/plugins/:className/validate`,
    {
      config: {
        access: {
          resource: 'CONNECT_CLUSTER',
          action: 'READ',
          handled: {
            'param.className': 'a connector class: its form, no data',
            'body.configs': 'only validated by the worker: nothing is created, no record read',
          },
        },
        operation: {
          operationId: 'validateConnectorConfigs',
          tool: 'read',
          summary: 'Validate connector configs against a plugin',
        },
      },
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
    {
      config: {
        access: {
          resource: 'CONNECTOR',
          action: 'READ',
          handled: { ...WORKER, answer: TASK_TRACES },
        },
        operation: { operationId: 'getConnector', tool: 'read', summary: 'One connector' },
      },
      schema: { tags, params: ConnectorParams, response: { 200: ConnectDefinition } },
    },
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
    {
      config: {
        access: {
          resource: 'CONNECTOR',
          action: 'DELETE',
          handled: WORKER,
        },
        operation: {
          operationId: 'deleteConnector',
          tool: 'destructive',
          summary: 'Delete a connector',
        },
      },
      schema: { tags, params: ConnectorParams, response: noContent },
    },
    async (req, reply) => {
      await connect.delete(req.params.cluster, req.params.connectId, req.params.name);
      return reply.code(204).send();
    },
  );

  app.get(
    `${base}/:name/tasks`,
    {
      config: {
        access: {
          resource: 'CONNECTOR',
          action: 'READ',
          handled: { ...WORKER, answer: TASK_TRACES },
        },
        operation: {
          operationId: 'listConnectorTasks',
          tool: 'read',
          summary: "A connector's tasks",
        },
      },
      schema: { tags, params: ConnectorParams, response: { 200: ConnectTaskList } },
    },
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
    {
      config: {
        access: {
          resource: 'CONNECTOR',
          action: 'READ',
          handled: { ...WORKER, answer: 'secrets masked (connect/secrets.ts)' },
        },
        operation: {
          operationId: 'getConnectorConfigs',
          tool: 'read',
          summary: "A connector's configs, secrets masked",
        },
      },
      schema: { tags, params: ConnectorParams, response: { 200: ConnectorConfigMap } },
    },
    (req) => connect.configs(req.params.cluster, req.params.connectId, req.params.name),
  );

  app.post(
    `${base}/:name/configs`,
    {
      config: {
        access: {
          resource: 'CONNECTOR',
          action: 'UPDATE',
          handled: { ...WORKER, 'body.configs': CONNECTOR_CONFIGS },
        },
        operation: {
          operationId: 'updateConnectorConfigs',
          tool: 'write',
          summary: "Replace a connector's configs",
        },
      },
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

  // AKHQ exposes these state changes as GETs (docs/api-conventions.md#kafka-connect): kept for its scripts
  // with Basic or bearer credentials, refused to a cookie session (cross-site.ts), without the automatic HEAD
  // route so a link checker cannot pause a connector. The console uses the POST twins.
  const legacyGet = { exposeHeadRoute: false };
  const stateChange = { resource: 'CONNECTOR', action: 'UPDATE_STATE', handled: WORKER } as const;
  const verbs = { restart: 'Restart', pause: 'Pause', resume: 'Resume' } as const;
  for (const action of ['restart', 'pause', 'resume'] as const) {
    const handler = async (req: { params: z.infer<typeof ConnectorParams> }, reply: FastifyReply) => {
      await connect[action](req.params.cluster, req.params.connectId, req.params.name);
      return reply.code(204).send();
    };
    const schema = { tags, params: ConnectorParams, response: noContent };
    const operationId = `${action}Connector`;
    const summary = `${verbs[action]} a connector`;
    app.get(
      `${base}/:name/${action}`,
      {
        ...legacyGet,
        config: {
          access: stateChange,
          operation: {
            operationId: `${operationId}ByGet`,
            tool: { none: `AKHQ's GET form of ${operationId}` },
            summary: `${summary} (AKHQ's GET: Basic or bearer callers only)`,
          },
          stateChangingGet: true,
        },
        schema: { ...schema, deprecated: true },
      },
      handler,
    );
    app.post(
      `${base}/:name/${action}`,
      { config: { access: stateChange, operation: { operationId, tool: 'write', summary } }, schema },
      handler,
    );
  }

  const restartTask = async (req: { params: z.infer<typeof ConnectTaskParams> }, reply: FastifyReply) => {
    await connect.restartTask(req.params.cluster, req.params.connectId, req.params.name, req.params.taskId);
    return reply.code(204).send();
  };
  const taskSchema = { tags, params: ConnectTaskParams, response: noContent };
  app.get(
    `${base}/:name/tasks/:taskId/restart`,
    {
      config: {
        access: {
          resource: 'CONNECTOR',
          action: 'UPDATE_STATE',
          handled: WORKER,
        },
        operation: {
          operationId: 'restartConnectorTaskByGet',
          tool: { none: "AKHQ's GET form of restartConnectorTask" },
          summary: "Restart one of a connector's tasks (AKHQ's GET: Basic or bearer callers only)",
        },
        stateChangingGet: true,
      },
      ...legacyGet,
      schema: { ...taskSchema, deprecated: true },
    },
    restartTask,
  );
  app.post(
    `${base}/:name/tasks/:taskId/restart`,
    {
      config: {
        access: {
          resource: 'CONNECTOR',
          action: 'UPDATE_STATE',
          handled: WORKER,
        },
        operation: {
          operationId: 'restartConnectorTask',
          tool: 'write',
          summary: "Restart one of a connector's tasks",
        },
      },
      schema: taskSchema,
    },
    restartTask,
  );

  connectOperationRoutes(app, services);
};
