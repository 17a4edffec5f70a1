import { ClusterList, ClusterParams, TopicDefaults, UiOptions } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listClusters, uiOptions } from '../../../domain/cluster/cluster-info.ts';
import type { Services } from '../../../services.ts';

export const clusterRoutes: FastifyPluginAsyncZod<Services> = async (app, { config }) => {
  // Only clusters some binding's cluster patterns match (contract §3.2 item 7).
  app.get('/api/cluster', { schema: { tags: ['cluster'], response: { 200: ClusterList } } }, (req) =>
    listClusters(config).filter((c) => req.permissions.seesCluster(c.id)),
  );

  app.get(
    '/api/:cluster/ui-options',
    { schema: { tags: ['cluster'], params: ClusterParams, response: { 200: UiOptions } } },
    (req) => uiOptions(config, req.params.cluster),
  );

  app.get(
    '/api/topic/defaults-configs',
    { schema: { tags: ['topic'], response: { 200: TopicDefaults } } },
    () => ({
      replication: config.topic.replication,
      partition: config.topic.partition,
      retention: config.topic.retention,
    }),
  );
};
