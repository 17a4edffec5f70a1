import {
  ClusterParams,
  ShareGroup,
  ShareGroupList,
  ShareGroupListQuery,
  ShareGroupParams,
  ShareOffsetReset,
} from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../services.ts';

const tags = ['share-group'];

export const shareGroupRoutes: FastifyPluginAsyncZod<Services> = async (app, { shareGroups }) => {
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
    (req) =>
      shareGroups.list(
        req.params.cluster,
        req.query,
        req.url,
        req.permissions.allow('SHARE_GROUP', 'READ', req.params.cluster),
      ),
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
    (req) =>
      shareGroups.describe(
        req.params.cluster,
        req.params.group,
        req.permissions.allow('TOPIC', 'READ', req.params.cluster),
      ),
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
      await shareGroups.resetOffsets(req.params.cluster, req.params.group, req.body);
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
      await shareGroups.delete(req.params.cluster, req.params.group);
      return reply.status(204).send();
    },
  );
};
