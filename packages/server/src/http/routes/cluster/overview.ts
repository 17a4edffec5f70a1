import { ClusterCapabilities, ClusterOverview, ClusterParams } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../services.ts';

export const overviewRoutes: FastifyPluginAsyncZod<Services> = async (app, { overview, cluster }) => {
  app.get(
    '/api/:cluster/overview',
    {
      config: {
        access: {
          resource: 'TOPIC',
          action: 'READ',
          handled: {
            answer:
              'topic figures over TOPIC READ patterns; brokers and sizes only with NODE READ; groups only with CONSUMER_GROUP READ, over its patterns',
          },
        },
        operation: {
          operationId: 'getClusterOverview',
          tool: 'read',
          summary:
            'Brokers (with their Kafka release), topic, partition, size and group figures of the cluster',
        },
      },
      schema: { tags: ['cluster'], params: ClusterParams, response: { 200: ClusterOverview } },
    },
    (req) => {
      const { cluster } = req.params;
      const rights = req.permissions;
      return overview(cluster, {
        topics: rights.allow('TOPIC', 'READ', cluster),
        nodes: rights.grants('NODE', 'READ', cluster),
        groups: rights.grants('CONSUMER_GROUP', 'READ', cluster)
          ? rights.allow('CONSUMER_GROUP', 'READ', cluster)
          : undefined,
      });
    },
  );

  app.get(
    '/api/:cluster/capabilities',
    {
      config: {
        access: {
          resource: 'TOPIC',
          action: 'READ',
          handled: { answer: 'which Kafka APIs the cluster answers: no object of the cluster is named' },
        },
        operation: {
          operationId: 'getClusterCapabilities',
          tool: 'read',
          summary: "What the cluster's Kafka release can do, from its ApiVersions answer",
        },
      },
      schema: { tags: ['cluster'], params: ClusterParams, response: { 200: ClusterCapabilities } },
    },
    (req) => cluster.capabilities(req.params.cluster),
  );
};
