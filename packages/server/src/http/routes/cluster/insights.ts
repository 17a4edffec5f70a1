import { ClusterParams, InsightList, InsightsQuery } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../services.ts';
import { sendIndexAge } from '../../index-age.ts';

export const insightsRoutes: FastifyPluginAsyncZod<Services> = async (app, { insights }) => {
  app.get(
    '/api/:cluster/insights',
    {
      config: {
        access: {
          resource: 'TOPIC',
          action: 'READ',
          handled: {
            answer:
              'findings about topics over TOPIC READ patterns; about brokers only with NODE READ; about groups only with CONSUMER_GROUP READ, over its patterns (and the topic a group finding names)',
          },
        },
        operation: {
          operationId: 'listInsights',
          tool: 'read',
          summary:
            'Findings about the cluster (offline and under-replicated partitions, risky topic configs, broker skew, unused topics, lagging or expiring groups), one page, with counts per severity',
        },
      },
      schema: {
        tags: ['cluster'],
        params: ClusterParams,
        querystring: InsightsQuery,
        response: { 200: InsightList },
      },
    },
    async (req, reply) => {
      const { cluster } = req.params;
      const rights = req.permissions;
      const found = await insights(cluster, req.query, req.url, {
        topics: rights.allow('TOPIC', 'READ', cluster),
        nodes: rights.grants('NODE', 'READ', cluster),
        groups: rights.grants('CONSUMER_GROUP', 'READ', cluster)
          ? rights.allow('CONSUMER_GROUP', 'READ', cluster)
          : undefined,
      });
      sendIndexAge(reply, found);
      return found.list;
    },
  );
};
