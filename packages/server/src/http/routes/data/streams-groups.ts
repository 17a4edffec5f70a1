import {
  ClusterParams,
  OffsetPreview,
  OffsetUpdateQuery,
  StreamsGroup,
  StreamsGroupList,
  StreamsGroupListQuery,
  StreamsGroupParams,
  StreamsOffsetReset,
} from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { topicFilter } from '../../../domain/access/visible-groups.ts';
import type { Services } from '../../../services.ts';

const tags = ['streams-group'];

/** Kafka Streams apps' groups: a streams group is a group in Kafka's ACL model, so CONSUMER_GROUP rights apply. */
export const streamsGroupRoutes: FastifyPluginAsyncZod<Services> = async (app, { streamsGroups }) => {
  app.get(
    '/api/:cluster/streams-group',
    {
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'READ',
          handled: { answer: 'groups filtered by CONSUMER_GROUP READ, internal topics by TOPIC READ' },
        },
        operation: {
          operationId: 'listStreamsGroups',
          tool: 'read',
          summary: 'Kafka Streams apps (streams protocol and classic), a page at a time',
        },
      },
      schema: {
        tags,
        params: ClusterParams,
        querystring: StreamsGroupListQuery,
        response: { 200: StreamsGroupList },
      },
    },
    (req) =>
      streamsGroups.list(
        req.params.cluster,
        req.query,
        req.url,
        req.permissions.allow('CONSUMER_GROUP', 'READ', req.params.cluster),
        topicFilter(req),
      ),
  );

  app.get(
    '/api/:cluster/streams-group/:group',
    {
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'READ',
          handled: { answer: 'topics, partitions and offsets filtered by TOPIC READ patterns' },
        },
        operation: {
          operationId: 'getStreamsGroup',
          tool: 'read',
          summary:
            'A Kafka Streams app: members and tasks, subtopologies and their topics, lag per input partition',
        },
      },
      schema: { tags, params: StreamsGroupParams, response: { 200: StreamsGroup } },
    },
    (req) => streamsGroups.describe(req.params.cluster, req.params.group, topicFilter(req)),
  );

  app.post(
    '/api/:cluster/streams-group/:group/offsets',
    {
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'UPDATE_OFFSET',
          check: [
            { in: 'param', key: 'group' },
            { in: 'body', key: 'topics', resource: 'TOPIC', action: 'READ' },
          ],
          handled: { answer: 'without `topics`, only the input topics the caller may read are reset' },
        },
        operation: {
          operationId: 'resetStreamsGroupOffsets',
          tool: 'destructive',
          summary: "Preview or move a Streams app's committed offsets to the earliest, the latest or a time",
        },
      },
      schema: {
        tags,
        params: StreamsGroupParams,
        querystring: OffsetUpdateQuery,
        body: StreamsOffsetReset,
        response: { 200: OffsetPreview },
        description:
          'Answers the preview (current and new offset, lag before and after per partition); without `dryRun=true` it also commits them, 409 while the application runs.',
      },
    },
    async (req) => {
      const allow = topicFilter(req);
      const { cluster, group } = req.params;
      return streamsGroups.resetOffsets(cluster, group, req.body, req.query.dryRun, allow);
    },
  );

  app.delete(
    '/api/:cluster/streams-group/:group',
    {
      config: {
        access: { resource: 'CONSUMER_GROUP', action: 'DELETE' },
        operation: {
          operationId: 'deleteStreamsGroup',
          tool: 'destructive',
          summary: "Delete an inactive Streams app's group and its committed offsets",
        },
      },
      schema: {
        tags,
        params: StreamsGroupParams,
        response: { 204: z.void() },
        description: '204; 409 while the application runs',
      },
    },
    async (req, reply) => {
      await streamsGroups.delete(req.params.cluster, req.params.group);
      return reply.code(204).send();
    },
  );
};
