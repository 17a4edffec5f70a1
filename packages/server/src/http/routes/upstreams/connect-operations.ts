import {
  ConnectLoggerList,
  ConnectLoggerParams,
  ConnectLoggerQuery,
  ConnectLoggerResult,
  ConnectLoggerUpdate,
  ConnectorOffsets,
  ConnectorOffsetsAlter,
  ConnectorOffsetsResult,
  ConnectorParams,
  ConnectParams,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../services.ts';
import { WORKER } from '../../auth/access-notes.ts';

const tags = ['connect'];
const base = '/api/:cluster/connect/:connectId';

/**
 * Stop, offsets (KIP-875) and the worker's log levels, beside the AKHQ-compatible connector routes and
 * in their path style (docs/behaviour.md#connector-offsets-and-stop, docs/connector-permissions.md).
 * Offsets travel in Connect's own shapes.
 */
export function connectOperationRoutes(app: FastifyInstance, { connect }: Services): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    `${base}/:name/stop`,
    {
      config: {
        access: { resource: 'CONNECTOR', action: 'UPDATE_STATE', handled: WORKER },
        operation: {
          operationId: 'stopConnector',
          tool: 'write',
          summary: 'Stop a connector and its tasks, keeping its config (Connect 3.5+)',
        },
      },
      schema: { tags, params: ConnectorParams, response: { 204: z.void() } },
    },
    async (req, reply) => {
      await connect.stop(req.params.cluster, req.params.connectId, req.params.name);
      return reply.code(204).send();
    },
  );

  routes.get(
    `${base}/:name/offsets`,
    {
      config: {
        access: { resource: 'CONNECTOR', action: 'READ', handled: WORKER },
        operation: {
          operationId: 'getConnectorOffsets',
          tool: 'read',
          summary: "A connector's offsets, as Connect answers them (Connect 3.5+)",
        },
      },
      schema: { tags, params: ConnectorParams, response: { 200: ConnectorOffsets } },
    },
    (req) => connect.offsets(req.params.cluster, req.params.connectId, req.params.name),
  );

  routes.patch(
    `${base}/:name/offsets`,
    {
      config: {
        access: {
          resource: 'CONNECTOR',
          action: 'UPDATE_OFFSET',
          handled: {
            ...WORKER,
            'body.offsets':
              "the connector's own source partitions or its consumer group's offsets: no record is read or written",
          },
        },
        operation: {
          operationId: 'alterConnectorOffsets',
          tool: 'destructive',
          summary: "Alter a stopped connector's offsets (Connect 3.6+)",
        },
      },
      schema: {
        tags,
        params: ConnectorParams,
        body: ConnectorOffsetsAlter,
        response: { 200: ConnectorOffsetsResult },
      },
    },
    (req) => connect.alterOffsets(req.params.cluster, req.params.connectId, req.params.name, req.body),
  );

  routes.delete(
    `${base}/:name/offsets`,
    {
      config: {
        access: { resource: 'CONNECTOR', action: 'DELETE_OFFSET', handled: WORKER },
        operation: {
          operationId: 'resetConnectorOffsets',
          tool: 'destructive',
          summary: "Reset a stopped connector's offsets (Connect 3.6+)",
        },
      },
      schema: { tags, params: ConnectorParams, response: { 200: ConnectorOffsetsResult } },
    },
    (req) => connect.resetOffsets(req.params.cluster, req.params.connectId, req.params.name),
  );

  routes.get(
    `${base}/loggers`,
    {
      config: {
        access: { resource: 'CONNECT_CLUSTER', action: 'READ' },
        operation: {
          operationId: 'listConnectLoggers',
          tool: 'read',
          summary: "A Connect worker's loggers and their levels",
        },
      },
      schema: { tags, params: ConnectParams, response: { 200: ConnectLoggerList } },
    },
    (req) => connect.loggers(req.params.cluster, req.params.connectId),
  );

  routes.put(
    `${base}/loggers/:logger`,
    {
      config: {
        access: {
          resource: 'CONNECT_CLUSTER',
          action: 'ALTER_CONFIG',
          handled: { 'param.logger': 'a Java logger name of the worker: no data' },
        },
        operation: {
          operationId: 'setConnectLoggerLevel',
          tool: 'write',
          summary: "Set a logger's level on a Connect worker, or on all its workers (scope=cluster, 3.7+)",
        },
      },
      schema: {
        tags,
        params: ConnectLoggerParams,
        querystring: ConnectLoggerQuery,
        body: ConnectLoggerUpdate,
        response: { 200: ConnectLoggerResult },
      },
    },
    (req) =>
      connect.setLogger(
        req.params.cluster,
        req.params.connectId,
        req.params.logger,
        req.body.level,
        req.query.scope,
      ),
  );
}
