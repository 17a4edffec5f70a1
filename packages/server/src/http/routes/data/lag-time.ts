import { GroupLagTime, GroupParams } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { topicFilter } from '../../../domain/access/visible-groups.ts';
import type { Services } from '../../../services.ts';
import { clientGone } from '../../client-gone.ts';

const tags = ['group'];

export const lagTimeRoutes: FastifyPluginAsyncZod<Services> = async (app, { lagTime }) => {
  app.get(
    '/api/:cluster/group/:group/lag-time',
    {
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'READ',
          handled: {
            answer: 'partitions only on topics matching TOPIC READ patterns, and only they counted',
          },
        },
        operation: {
          operationId: 'getGroupLagTime',
          tool: 'read',
          summary: "A consumer group's lag in time per partition, its highest, and its time to clear",
        },
      },
      schema: {
        tags,
        params: GroupParams,
        response: { 200: GroupLagTime },
        description:
          'lagMs: now − the timestamp of the first record the group has not consumed (one bounded read per lagging partition, no consumer group). timeToClearMs: the lag over how fast it shrank, from the lag history when it is on, else from samples of its own a few seconds apart (the first answer for a group waits about 3 s for its second); 0 without lag, null while the lag is not shrinking. Answers are kept 5 s.',
      },
    },
    (req, reply) =>
      lagTime.groupLagTime(req.params.cluster, req.params.group, topicFilter(req), clientGone(reply)),
  );
};
