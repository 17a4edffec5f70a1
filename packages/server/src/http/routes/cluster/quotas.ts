import { ClusterParams, QuotaAlter, QuotaList, QuotaListQuery } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alterQuota, listQuotas } from '../../../domain/quotas/quotas.ts';
import type { Services } from '../../../services.ts';
import { refusal } from '../../auth/guard.ts';

const tags = ['quotas'];
/** How a default entity (`name: null`) is named to QUOTA patterns and in the console. */
export const DEFAULT_ENTITY = '<default>';

/** Client quotas (issue 18 item 2). Entity names are checked against QUOTA patterns here. */
export const quotaRoutes: FastifyPluginAsyncZod<Services> = async (app, { kafka }) => {
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
    async (req) => {
      const allow = req.permissions.allow('QUOTA', 'READ', req.params.cluster);
      const search = req.query.search?.toLowerCase();
      const all = await kafka.run(req.params.cluster, (admin) => listQuotas(admin));
      return all.filter(
        (q) =>
          q.entity.every((e) => allow(e.name ?? DEFAULT_ENTITY)) &&
          (!search || q.entity.some((e) => (e.name ?? DEFAULT_ENTITY).toLowerCase().includes(search))),
      );
    },
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
            'body.entity': 'each entity name checked against QUOTA UPDATE patterns (routes/quotas.ts)',
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
      await kafka.run(req.params.cluster, (admin) => alterQuota(admin, req.body));
      return reply.code(204).send();
    },
  );
};
