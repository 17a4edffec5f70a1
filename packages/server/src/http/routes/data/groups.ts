import {
  AccessControlList,
  ClusterParams,
  ConsumerGroup,
  ConsumerGroupList,
  GroupList,
  GroupListQuery,
  GroupMember,
  GroupOffset,
  GroupOffsetsStartQuery,
  GroupParams,
  GroupsForTopicsQuery,
  GroupTopicParams,
  OffsetPreview,
  OffsetUpdate,
  OffsetUpdateQuery,
  TimeOffsetList,
} from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { topicFilter, visibleGroup, visibleMember } from '../../../domain/access/visible-groups.ts';
import { groupService, INDEX_AGE_HEADER, indexAgeSeconds } from '../../../domain/groups/group-service.ts';
import type { Services } from '../../../services.ts';

const tags = ['group'];

export const groupRoutes: FastifyPluginAsyncZod<Services> = async (app, { config, kafka }) => {
  const groups = groupService(config, kafka);

  app.get(
    '/api/:cluster/group',
    { schema: { tags, params: ClusterParams, querystring: GroupListQuery, response: { 200: GroupList } } },
    async (req) => {
      const allow = topicFilter(req);
      const page = await groups.list(
        req.params.cluster,
        req.query,
        req.url,
        req.permissions.allow('CONSUMER_GROUP', 'READ', req.params.cluster),
        allow,
      );
      return { ...page, results: page.results.map((g) => visibleGroup(g, allow)) };
    },
  );

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
    async (req, reply) => {
      const allow = topicFilter(req);
      const found = await groups.forTopics(
        req.params.cluster,
        req.query.topics.filter(allow),
        req.query.groupsListView,
      );
      reply.header(INDEX_AGE_HEADER, indexAgeSeconds(found));
      return req.permissions
        .filter('CONSUMER_GROUP', 'READ', req.params.cluster, found.groups, (g) => g.id)
        .map((g) => visibleGroup(g, allow));
    },
  );

  app.get(
    '/api/:cluster/group/:group',
    { schema: { tags, params: GroupParams, response: { 200: ConsumerGroup } } },
    async (req) =>
      visibleGroup(await groups.describe(req.params.cluster, req.params.group), topicFilter(req)),
  );

  app.delete(
    '/api/:cluster/group/:group',
    { schema: { tags, params: GroupParams, description: '204; 409 while the group has members' } },
    async (req, reply) => {
      await groups.delete(req.params.cluster, req.params.group);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/:cluster/group/:group/members',
    { schema: { tags, params: GroupParams, response: { 200: z.array(GroupMember) } } },
    async (req) => {
      const allow = topicFilter(req);
      return (await groups.members(req.params.cluster, req.params.group)).map((m) => visibleMember(m, allow));
    },
  );

  app.get(
    '/api/:cluster/group/:group/offsets',
    { schema: { tags, params: GroupParams, response: { 200: z.array(GroupOffset) } } },
    async (req) => {
      const allow = topicFilter(req);
      return (await groups.offsets(req.params.cluster, req.params.group)).filter((o) => allow(o.topic));
    },
  );

  app.post(
    '/api/:cluster/group/:group/offsets',
    {
      schema: {
        tags,
        params: GroupParams,
        querystring: OffsetUpdateQuery,
        body: OffsetUpdate,
        response: { 200: OffsetPreview, 204: z.void() },
        description:
          'Commits the offsets (204); 409 while the group has active members. `dryRun=true` answers the preview (current and new offset, lag before and after per partition) and commits nothing.',
      },
    },
    async (req, reply) => {
      const { cluster, group } = req.params;
      const rows = await groups.updateOffsets(cluster, group, req.body, req.query.dryRun);
      return req.query.dryRun ? rows : reply.code(204).send();
    },
  );

  app.get(
    '/api/:cluster/group/:group/offsets/start',
    {
      schema: {
        tags,
        params: GroupParams,
        querystring: GroupOffsetsStartQuery,
        response: { 200: TimeOffsetList },
      },
    },
    async (req) => {
      const allow = topicFilter(req);
      const offsets = await groups.offsetsAt(req.params.cluster, req.params.group, req.query.timestamp);
      return offsets.filter((o) => allow(o.topic));
    },
  );

  app.delete(
    '/api/:cluster/group/:group/topic/:topic',
    {
      schema: { tags, params: GroupTopicParams, description: '204; 409 while the group consumes the topic' },
    },
    async (req, reply) => {
      await groups.deleteTopicOffsets(req.params.cluster, req.params.group, req.params.topic);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/:cluster/group/:group/acls',
    { schema: { tags, params: GroupParams, response: { 200: AccessControlList } } },
    (req) => groups.acls(req.params.cluster, req.params.group),
  );
};
