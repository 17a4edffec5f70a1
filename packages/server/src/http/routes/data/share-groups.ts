import {
  ClusterParams,
  ShareGroup,
  ShareGroupList,
  ShareGroupListQuery,
  ShareGroupParams,
  ShareOffsetReset,
} from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf } from '../../../domain/paging.ts';
import {
  deleteShareGroup,
  describeShareGroup,
  listShareGroups,
  resetShareGroupOffsets,
} from '../../../domain/share-groups/service.ts';
import { byName, nameMatcher } from '../../../domain/topics/topic-naming.ts';
import type { Services } from '../../../services.ts';

const tags = ['share-group'];

export const shareGroupRoutes: FastifyPluginAsyncZod<Services> = async (app, { config, kafka }) => {
  app.get(
    '/api/:cluster/share-groups',
    {
      config: {
        access: {
          resource: 'SHARE_GROUP',
          action: 'READ',
          handled: { answer: 'share groups filtered by SHARE_GROUP READ patterns' },
        },
        operation: {
          operationId: 'listShareGroups',
          tool: 'read',
          summary: 'Share groups (KIP-932), a page at a time',
        },
      },
      schema: {
        tags,
        params: ClusterParams,
        querystring: ShareGroupListQuery,
        response: { 200: ShareGroupList },
      },
    },
    // One ListGroups answers every share group's id and state; the page is cut from it, nothing described.
    async (req) => {
      const groups = await kafka.run(req.params.cluster, (admin) => listShareGroups(admin));
      const matches = nameMatcher(req.query.search);
      const shown = req.permissions
        .filter('SHARE_GROUP', 'READ', req.params.cluster, groups, (g) => g.id)
        .filter((g) => matches(g.id))
        .sort((a, b) => byName(a.id, b.id));
      return pageOf(shown, req.query.page, config.pagination.pageSize, req.url);
    },
  );

  app.get(
    '/api/:cluster/share-groups/:group',
    {
      config: {
        access: {
          resource: 'SHARE_GROUP',
          action: 'READ',
          handled: { answer: 'subscriptions, assignments and offsets filtered by TOPIC READ patterns' },
        },
        operation: {
          operationId: 'getShareGroup',
          tool: 'read',
          summary: 'A share group: members, assigned partitions, start offsets and lag',
        },
      },
      schema: { tags, params: ShareGroupParams, response: { 200: ShareGroup } },
    },
    async (req) => {
      const group = await kafka.run(req.params.cluster, (admin) =>
        describeShareGroup(admin, req.params.group),
      );
      const allow = (topic: string) => req.permissions.grantsOn('TOPIC', 'READ', req.params.cluster, topic);
      return {
        ...group,
        members: group.members.map((m) => ({
          ...m,
          subscribedTopics: m.subscribedTopics.filter(allow),
          assignments: m.assignments.filter((a) => allow(a.topic)),
        })),
        offsets: group.offsets.filter((o) => allow(o.topic)),
      };
    },
  );

  app.post(
    '/api/:cluster/share-groups/:group/offsets',
    {
      config: {
        access: {
          resource: 'SHARE_GROUP',
          action: 'UPDATE_OFFSET',
          check: [
            { in: 'param', key: 'group' },
            { in: 'body', key: '[].topic', resource: 'TOPIC', action: 'READ' },
          ],
        },
        operation: {
          operationId: 'resetShareGroupOffsets',
          tool: 'destructive',
          summary: "Set a share group's start offsets (the group must have no members)",
        },
      },
      schema: {
        tags,
        params: ShareGroupParams,
        body: ShareOffsetReset,
        description: '204; 409 while the group has members',
      },
    },
    async (req, reply) => {
      await kafka.run(req.params.cluster, (admin) =>
        resetShareGroupOffsets(admin, req.params.group, req.body),
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/:cluster/share-groups/:group',
    {
      config: {
        access: { resource: 'SHARE_GROUP', action: 'DELETE' },
        operation: {
          operationId: 'deleteShareGroup',
          tool: 'destructive',
          summary: 'Delete a share group',
        },
      },
      schema: { tags, params: ShareGroupParams, description: '204; 409 while the group has members' },
    },
    async (req, reply) => {
      await kafka.run(req.params.cluster, (admin) => deleteShareGroup(admin, req.params.group));
      return reply.status(204).send();
    },
  );
};
