import {
  ClusterParams,
  queryList,
  ReassignmentCancel,
  ReassignmentList,
  ReassignmentRequest,
  ReassignmentResult,
  ReplicationChange,
  ReplicationChangeResult,
  ReplicationParams,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusal } from '../../../domain/access/identity.ts';
import type { Services } from '../../../services.ts';

const tags = ['reassignment'];

/** Every topic a body names needs TOPIC REASSIGN; one missing refuses the whole request, before Kafka hears of it. */
function requireReassign(req: FastifyRequest, cluster: string, topics: readonly string[]): void {
  for (const topic of new Set(topics)) {
    if (!req.permissions.grantsOn('TOPIC', 'REASSIGN', cluster, topic)) {
      throw refusal(req.identity, `resource TOPIC '${topic}' and action REASSIGN`);
    }
  }
}

export const reassignmentRoutes: FastifyPluginAsyncZod<Services> = async (app, { reassignments }) => {
  app.get(
    '/api/:cluster/reassignments',
    {
      config: {
        access: {
          resource: 'TOPIC',
          action: 'READ',
          handled: { answer: 'moves filtered by TOPIC READ patterns; broker throttles name no topic' },
        },
        operation: {
          operationId: 'listReassignments',
          tool: 'read',
          summary:
            "Ongoing partition reassignments with their progress, and the brokers' replication throttles",
        },
      },
      schema: { tags, params: ClusterParams, response: { 200: ReassignmentList } },
    },
    (req) =>
      reassignments.list(req.params.cluster, req.permissions.allow('TOPIC', 'READ', req.params.cluster)),
  );

  app.post(
    '/api/:cluster/reassignments',
    {
      config: {
        access: {
          resource: 'TOPIC',
          action: 'REASSIGN',
          handled: {
            'body.partitions':
              'each topic checked against TOPIC REASSIGN (http/routes/cluster/reassignments.ts)',
          },
        },
        operation: {
          operationId: 'startReassignment',
          tool: 'write',
          summary: 'Move partitions to new replica lists, optionally throttled',
        },
      },
      schema: {
        tags,
        params: ClusterParams,
        body: ReassignmentRequest,
        response: { 200: ReassignmentResult },
      },
    },
    async (req) => {
      requireReassign(
        req,
        req.params.cluster,
        req.body.partitions.map((p) => p.topic),
      );
      return reassignments.start(req.params.cluster, req.body);
    },
  );

  app.delete(
    '/api/:cluster/reassignments',
    {
      config: {
        access: {
          resource: 'TOPIC',
          action: 'REASSIGN',
          handled: {
            'body.partitions':
              'each topic checked against TOPIC REASSIGN (http/routes/cluster/reassignments.ts)',
          },
        },
        operation: {
          operationId: 'cancelReassignment',
          tool: 'destructive',
          summary: 'Cancel ongoing partition moves',
        },
      },
      schema: {
        tags,
        params: ClusterParams,
        body: ReassignmentCancel,
        response: { 200: ReassignmentResult },
      },
    },
    async (req) => {
      requireReassign(
        req,
        req.params.cluster,
        req.body.partitions.map((p) => p.topic),
      );
      return reassignments.cancel(req.params.cluster, req.body);
    },
  );

  app.delete(
    '/api/:cluster/reassignments/throttle',
    {
      config: {
        access: {
          resource: 'TOPIC',
          action: 'REASSIGN',
          check: [{ in: 'query', key: 'topics' }],
        },
        operation: {
          operationId: 'removeReplicationThrottle',
          tool: 'write',
          summary: 'Remove the replication throttle from the brokers and the named topics',
        },
      },
      schema: {
        tags,
        params: ClusterParams,
        querystring: z.object({
          topics: queryList.meta({ description: 'Topics whose throttled-replica lists are removed too' }),
        }),
        response: { 204: z.void() },
        description: '204: the throttle rates are gone from every broker, the replica lists from the topics',
      },
    },
    async (req, reply) => {
      await reassignments.clearThrottle(req.params.cluster, req.query.topics);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/:cluster/topic/:topic/replication',
    {
      config: {
        access: { resource: 'TOPIC', action: 'REASSIGN' },
        operation: {
          operationId: 'changeReplicationFactor',
          tool: 'write',
          summary: "Change a topic's replication factor (a reassignment of every partition)",
        },
      },
      schema: {
        tags,
        params: ReplicationParams,
        body: ReplicationChange,
        response: { 200: ReplicationChangeResult },
      },
    },
    async (req) =>
      reassignments.changeReplicationFactor(
        req.params.cluster,
        req.params.topic,
        req.body.replicationFactor,
        req.body.throttle,
      ),
  );
};
