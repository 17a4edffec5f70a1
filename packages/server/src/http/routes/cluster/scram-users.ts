import {
  ClusterParams,
  ScramUser,
  ScramUserDeleteQuery,
  ScramUserList,
  ScramUserListQuery,
  ScramUserParams,
  ScramUserUpsert,
} from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../services.ts';

const tags = ['scram-users'];

/**
 * SCRAM users (docs/security.md#scram-users): user names are checked against SCRAM_USER patterns. The
 * password only travels in the POST body: it is salted and hashed for the broker, never answered, and
 * the audit event names the user, mechanism and iterations only.
 */
export const scramUserRoutes: FastifyPluginAsyncZod<Services> = async (app, { scramUsers }) => {
  app.get(
    '/api/:cluster/scram-users',
    {
      config: {
        access: {
          resource: 'SCRAM_USER',
          action: 'READ',
          handled: { answer: 'users filtered by SCRAM_USER READ patterns' },
        },
        operation: {
          operationId: 'listScramUsers',
          tool: 'read',
          summary: 'Users with SCRAM credentials (mechanism and iterations), a page at a time',
        },
      },
      schema: {
        tags,
        params: ClusterParams,
        querystring: ScramUserListQuery,
        response: { 200: ScramUserList },
      },
    },
    (req) =>
      scramUsers.list(
        req.params.cluster,
        req.query,
        req.url,
        req.permissions.allow('SCRAM_USER', 'READ', req.params.cluster),
      ),
  );

  app.post(
    '/api/:cluster/scram-users',
    {
      config: {
        access: { resource: 'SCRAM_USER', action: 'UPDATE', check: [{ in: 'body', key: 'user' }] },
        operation: {
          operationId: 'upsertScramUser',
          tool: 'write',
          summary: "Create or change a user's SCRAM credential for one mechanism",
        },
        auditDetail: (req) => {
          const body = req.body as Partial<ScramUserUpsert> | undefined;
          const iterations = typeof body?.iterations === 'number' ? `${body.iterations} iterations` : '';
          return [body?.mechanism, iterations].filter(Boolean).join(', ') || undefined;
        },
      },
      schema: { tags, params: ClusterParams, body: ScramUserUpsert, response: { 200: ScramUser } },
    },
    (req) => scramUsers.upsert(req.params.cluster, req.body),
  );

  app.delete(
    '/api/:cluster/scram-users/:user',
    {
      config: {
        access: { resource: 'SCRAM_USER', action: 'DELETE' },
        operation: {
          operationId: 'deleteScramUser',
          tool: 'destructive',
          summary: "Delete a user's SCRAM credential for one mechanism, or all of them",
        },
        auditDetail: (req) => (req.query as ScramUserDeleteQuery | undefined)?.mechanism ?? 'every mechanism',
      },
      schema: {
        tags,
        params: ScramUserParams,
        querystring: ScramUserDeleteQuery,
        response: { 204: z.void() },
      },
    },
    async (req, reply) => {
      await scramUsers.delete(req.params.cluster, req.params.user, req.query);
      return reply.code(204).send();
    },
  );
};
