import { Health, Readiness } from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { scrape } from '../../../platform/metrics.ts';
import type { Services } from '../../../services.ts';

/** What anonymous callers read at /metrics with security on: that the process is up. */
const ANONYMOUS_METRICS =
  '# HELP console_up 1 while the console serves. Details need credentials or ops.publicDetails.\n# TYPE console_up gauge\nconsole_up 1\n';

export const opsRoutes: FastifyPluginAsyncZod<Services & { metrics: Registry }> = async (
  app,
  { config, cluster, metrics },
) => {
  /** Anonymous callers with security on get the status only, unless `ops.publicDetails`. */
  const details = (req: FastifyRequest) =>
    !config.security.enabled || config.ops.publicDetails || req.identity !== null;

  app.get(
    '/health',
    {
      config: {
        access: 'public',
        operation: {
          operationId: 'getHealth',
          tool: { none: 'a liveness probe for load balancers, not cluster data' },
          summary: 'Liveness: the process answers',
        },
      },
      schema: { tags: ['ops'], response: { 200: Health } },
    },
    () => ({
      status: 'ok' as const,
    }),
  );

  app.get(
    '/ready',
    {
      config: {
        access: 'public',
        operation: {
          operationId: 'getReadiness',
          tool: { none: 'a readiness probe for load balancers, not cluster data' },
          summary: 'Readiness: every configured cluster answers',
        },
      },
      schema: { tags: ['ops'], response: { 200: Readiness, 503: Readiness } },
    },
    async (req, reply) => {
      const clusters = await cluster.readiness();
      const ready = clusters.every((c) => c.ready);
      return reply.code(ready ? 200 : 503).send(details(req) ? { ready, clusters } : { ready });
    },
  );

  app.get(
    '/metrics',
    { config: { access: 'public' }, schema: { tags: ['ops'], hide: true } },
    async (req, reply) =>
      reply.type(metrics.contentType).send(details(req) ? await scrape(metrics) : ANONYMOUS_METRICS),
  );
};
