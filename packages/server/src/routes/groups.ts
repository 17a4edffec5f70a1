import { ClusterParams, ConsumerGroupList, GroupsForTopicsQuery } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupService } from '../kafka/group-service.ts';
import type { Services } from '../services.ts';

const tags = ['group'];

export const groupRoutes: FastifyPluginAsyncZod<Services> = async (app, { kafka }) => {
  const groups = groupService(kafka);

  app.get(
    '/api/:cluster/group/topics',
    {
      schema: {
        tags,
        params: ClusterParams,
        querystring: GroupsForTopicsQuery,
        response: { 200: ConsumerGroupList },
      },
    },
    async (req) =>
      req.permissions.filter(
        'CONSUMER_GROUP',
        'READ',
        req.params.cluster,
        await groups.forTopics(req.params.cluster, req.query.topics, req.query.groupsListView),
        (g) => g.id,
      ),
  );
};
