import { ClusterParams, GroupParams, LagAlertList, LagHistory, LagHistoryQuery } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { topicFilter } from '../../../domain/access/visible-groups.ts';
import { badRequest } from '../../../platform/errors.ts';
import type { Services } from '../../../services.ts';

const tags = ['group'];

export const lagHistoryRoutes: FastifyPluginAsyncZod<Services> = async (app, { lag }) => {
  app.get(
    '/api/:cluster/group/:group/lag-history',
    {
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'READ',
          handled: { answer: 'points only on topics matching TOPIC READ patterns' },
        },
        operation: {
          operationId: 'getGroupLagHistory',
          tool: 'read',
          summary: "A consumer group's lag over time, per topic or partition",
        },
      },
      schema: {
        tags,
        params: GroupParams,
        querystring: LagHistoryQuery,
        response: { 200: LagHistory },
        description:
          'Sampled every lagHistory.intervalMs by one console replica and kept in the lagHistory.topic topic. Ranges up to 65 min answer every sample; up to 25 h the highest sample of each 5 minutes; longer, of each hour. Per partition (`partitions=true`): every sample of the last 65 minutes.',
      },
    },
    async (req) => {
      const { from, to, partitions } = req.query;
      if (from !== undefined && to !== undefined && from > to)
        throw badRequest('from', 'must not be after to');
      return lag.history(req.params.cluster, req.params.group, { from, to, partitions }, topicFilter(req));
    },
  );

  app.get(
    '/api/:cluster/lag-alerts',
    {
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'READ',
          handled: {
            answer:
              'alerts filtered by CONSUMER_GROUP READ patterns, and by TOPIC READ for those naming a topic',
          },
        },
        operation: { operationId: 'listLagAlerts', tool: 'read', summary: 'The lag alerts firing now' },
      },
      schema: { tags, params: ClusterParams, response: { 200: LagAlertList } },
    },
    async (req) => {
      const { cluster } = req.params;
      const allowTopic = topicFilter(req);
      const alerts = req.permissions
        .filter('CONSUMER_GROUP', 'READ', cluster, await lag.alerts(cluster), (a) => a.group)
        .filter((a) => a.topic === undefined || allowTopic(a.topic))
        .map(({ cluster: _, ...alert }) => alert);
      return { alerts };
    },
  );
};
