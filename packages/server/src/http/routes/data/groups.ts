import {
  AccessControlList,
  ClusterParams,
  ConsumerGroup,
  ConsumerGroupList,
  formatGroupsMore,
  GROUPS_MORE_HEADER,
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
import type { Services } from '../../../services.ts';
import { GROUP_LIST } from '../../auth/access-notes.ts';
import { sendIndexAge } from '../../index-age.ts';

const tags = ['group'];

export const groupRoutes: FastifyPluginAsyncZod<Services> = async (app, { groups }) => {
  app.get(
    '/api/:cluster/group',
    {
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'READ',
          handled: { answer: GROUP_LIST },
        },
        operation: { operationId: 'listGroups', tool: 'read', summary: 'Consumer groups, one page' },
      },
      schema: { tags, params: ClusterParams, querystring: GroupListQuery, response: { 200: GroupList } },
    },
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
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'READ',
          handled: {
            'query.topics': 'names outside TOPIC READ patterns are dropped before the lookup',
            answer: GROUP_LIST,
          },
        },
        operation: {
          operationId: 'listGroupsTopics',
          tool: 'read',
          summary: 'The topics each named consumer group consumes',
        },
      },
      schema: {
        tags,
        params: ClusterParams,
        querystring: GroupsForTopicsQuery,
        response: { 200: ConsumerGroupList },
      },
    },
    async (req, reply) => {
      const allow = topicFilter(req);
      const { cluster } = req.params;
      const { perTopic } = req.query;
      const allowGroup = req.permissions.allow('CONSUMER_GROUP', 'READ', cluster);
      const found = await groups.forTopics(
        cluster,
        req.query.topics.filter(allow),
        req.query.groupsListView,
        perTopic === undefined ? undefined : { perTopic, allow: allowGroup },
      );
      sendIndexAge(reply, found);
      if (Object.keys(found.more).length) reply.header(GROUPS_MORE_HEADER, formatGroupsMore(found.more));
      return req.permissions
        .filter('CONSUMER_GROUP', 'READ', req.params.cluster, found.groups, (g) => g.id)
        .map((g) => visibleGroup(g, allow));
    },
  );

  app.get(
    '/api/:cluster/group/:group',
    {
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'READ',
          handled: { answer: GROUP_LIST },
        },
        operation: { operationId: 'getGroup', tool: 'read', summary: 'One consumer group' },
      },
      schema: { tags, params: GroupParams, response: { 200: ConsumerGroup } },
    },
    async (req) =>
      visibleGroup(await groups.describe(req.params.cluster, req.params.group), topicFilter(req)),
  );

  app.delete(
    '/api/:cluster/group/:group',
    {
      config: {
        access: { resource: 'CONSUMER_GROUP', action: 'DELETE' },
        operation: { operationId: 'deleteGroup', tool: 'destructive', summary: 'Delete a consumer group' },
      },
      schema: { tags, params: GroupParams, description: '204; 409 while the group has members' },
    },
    async (req, reply) => {
      await groups.delete(req.params.cluster, req.params.group);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/:cluster/group/:group/members',
    {
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'READ',
          handled: { answer: 'assignments filtered by TOPIC READ patterns' },
        },
        operation: {
          operationId: 'listGroupMembers',
          tool: 'read',
          summary: "A consumer group's members",
        },
      },
      schema: { tags, params: GroupParams, response: { 200: z.array(GroupMember) } },
    },
    async (req) => {
      const allow = topicFilter(req);
      return (await groups.members(req.params.cluster, req.params.group)).map((m) => visibleMember(m, allow));
    },
  );

  app.get(
    '/api/:cluster/group/:group/offsets',
    {
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'READ',
          handled: { answer: 'offsets filtered by TOPIC READ patterns' },
        },
        operation: {
          operationId: 'listGroupOffsets',
          tool: 'read',
          summary: "A consumer group's committed offsets and lag",
        },
      },
      schema: { tags, params: GroupParams, response: { 200: z.array(GroupOffset) } },
    },
    async (req) => {
      const allow = topicFilter(req);
      return (await groups.offsets(req.params.cluster, req.params.group)).filter((o) => allow(o.topic));
    },
  );

  app.post(
    '/api/:cluster/group/:group/offsets',
    {
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'UPDATE_OFFSET',
          check: [
            { in: 'param', key: 'group' },
            { in: 'body', key: '[].topic', resource: 'TOPIC', action: 'READ' },
          ],
        },
        operation: {
          operationId: 'updateGroupOffsets',
          tool: 'destructive',
          summary: "Preview or commit a consumer group's offsets",
        },
      },
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
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'UPDATE_OFFSET',
          handled: { answer: 'offsets filtered by TOPIC READ patterns' },
        },
        operation: {
          operationId: 'getGroupOffsetsAt',
          tool: 'read',
          summary: 'Offsets at a time for each partition a group consumes',
        },
      },
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
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'DELETE_OFFSET',
          check: [
            { in: 'param', key: 'group' },
            { in: 'param', key: 'topic', resource: 'TOPIC', action: 'READ' },
          ],
        },
        operation: {
          operationId: 'deleteGroupTopicOffsets',
          tool: 'destructive',
          summary: "Delete a consumer group's offsets on one topic",
        },
      },
      schema: { tags, params: GroupTopicParams, description: '204; 409 while the group consumes the topic' },
    },
    async (req, reply) => {
      await groups.deleteTopicOffsets(req.params.cluster, req.params.group, req.params.topic);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/:cluster/group/:group/acls',
    {
      config: {
        access: { resource: 'CONSUMER_GROUP', action: 'READ' },
        operation: {
          operationId: 'listGroupAcls',
          tool: 'read',
          summary: 'ACLs that name a consumer group',
        },
      },
      schema: { tags, params: GroupParams, response: { 200: AccessControlList } },
    },
    (req) => groups.acls(req.params.cluster, req.params.group),
  );
};
