import { ClusterParams, QuotaAlter, QuotaList, QuotaListQuery } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusal } from '../../../domain/access/identity.ts';
import { DEFAULT_ENTITY } from '../../../domain/quotas/service.ts';
import type { Services } from '../../../services.ts';

const tags = ['quotas'];

/** Client quotas. Entity names are checked against QUOTA patterns here. */
export const quotaRoutes: FastifyPluginAsyncZod<Services> = async (app, { quotas }) => {
  app.get(
    '/api/:cluster/quotas',
    {
      config: {
        access: {
          resource: 'QUOTA',
          action: 'READ',
          handled: { answer: 'entities filtered by QUOTA READ patterns (default entities as <default>)' },
        },
        operation: {
          operationId: 'listQuotas',
          tool: 'read',
          summary: 'Client quotas, default entities included',
        },
      },
      schema: { tags, params: ClusterParams, querystring: QuotaListQuery, response: { 200: QuotaList } },
    },
    (req) =>
      quotas.list(
        req.params.cluster,
        req.query.search,
        req.permissions.allow('QUOTA', 'READ', req.params.cluster),
      ),
  );

  app.post(
    '/api/:cluster/quotas',
    {
      config: {
        access: {
          resource: 'QUOTA',
          action: 'UPDATE',
          check: false,
          handled: {
            'body.entity':
              'each entity name checked against QUOTA UPDATE patterns (http/routes/cluster/quotas.ts)',
          },
        },
        operation: {
          operationId: 'alterQuota',
          tool: 'write',
          summary: "Set or remove an entity's client quotas",
        },
      },
      schema: { tags, params: ClusterParams, body: QuotaAlter, response: { 204: z.void() } },
    },
    async (req, reply) => {
      for (const e of req.body.entity) {
        const name = e.name ?? DEFAULT_ENTITY;
        if (!req.permissions.grantsOn('QUOTA', 'UPDATE', req.params.cluster, name)) {
          throw refusal(req.identity, `resource QUOTA '${name}' and action UPDATE`);
        }
      }
      await quotas.alter(req.params.cluster, req.body);
      return reply.code(204).send();
    },
  );
};
