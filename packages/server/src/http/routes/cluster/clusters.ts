import { ClusterList, ClusterParams, TopicDefaults, UiOptions } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listClusters, uiOptions } from '../../../domain/cluster/cluster-info.ts';
import type { Services } from '../../../services.ts';

export const clusterRoutes: FastifyPluginAsyncZod<Services> = async (app, { config }) => {
  // Only clusters some binding's cluster patterns match (docs/api-conventions.md#clusters-and-ui-options).
  app.get(
    '/api/cluster',
    {
      config: {
        access: 'anyRole',
        operation: {
          operationId: 'listClusters',
          tool: 'read',
          summary: 'Configured clusters and what each offers',
        },
      },
      schema: { tags: ['cluster'], response: { 200: ClusterList } },
    },
    (req) => listClusters(config).filter((c) => req.permissions.seesCluster(c.id)),
  );

  app.get(
    '/api/:cluster/ui-options',
    {
      config: {
        access: 'public',
        operation: {
          operationId: 'getUiOptions',
          tool: { none: "the web console's screen settings" },
          summary: "A cluster's UI options",
        },
      },
      schema: { tags: ['cluster'], params: ClusterParams, response: { 200: UiOptions } },
    },
    (req) => uiOptions(config, req.params.cluster),
  );

  app.get(
    '/api/topic/defaults-configs',
    {
      config: {
        access: 'anyRole',
        operation: {
          operationId: 'getTopicDefaults',
          tool: { none: "the create-topic form's starting values" },
          summary: 'Defaults the create-topic form starts with',
        },
      },
      schema: { tags: ['topic'], response: { 200: TopicDefaults } },
    },
    () => ({
      replication: config.topic.replication,
      partition: config.topic.partition,
      retention: config.topic.retention,
    }),
  );
};
