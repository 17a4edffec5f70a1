import { ClusterList, ClusterParams, NodeList, TopicDefaults, UiOptions } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listClusters, uiOptions } from '../cluster-info.ts';
import { listNodes } from '../kafka/nodes.ts';
import type { Services } from '../services.ts';

export const clusterRoutes: FastifyPluginAsyncZod<Services> = async (app, { config, kafka }) => {
  app.get('/api/cluster', { schema: { tags: ['cluster'], response: { 200: ClusterList } } }, () =>
    listClusters(config),
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

  app.get(
    '/api/:cluster/node',
    { schema: { tags: ['node'], params: ClusterParams, response: { 200: NodeList } } },
    (req) => listNodes(kafka, req.params.cluster),
  );
};
