import { Health, Readiness } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import type { Services } from '../services.ts';

const READY_TIMEOUT_MS = 5_000;

export const opsRoutes: FastifyPluginAsyncZod<Services & { metrics: Registry }> = async (
  app,
  { kafka, metrics },
) => {
  app.get('/health', { schema: { tags: ['ops'], response: { 200: Health } } }, () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/ready',
    { schema: { tags: ['ops'], response: { 200: Readiness, 503: Readiness } } },
    async (_req, reply) => {
      const clusters = await Promise.all(kafka.clusterIds().map((id) => probe(kafka, id)));
      const ready = clusters.every((c) => c.ready);
      return reply.code(ready ? 200 : 503).send({ ready, clusters });
    },
  );

  app.get('/metrics', { schema: { tags: ['ops'], hide: true } }, async (_req, reply) =>
    reply.type(metrics.contentType).send(await metrics.metrics()),
  );
};

async function probe(kafka: Services['kafka'], id: string) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([
      kafka.run(id, (admin) => admin.metadata({ topics: [], forceUpdate: true })),
      timeout,
    ]);
    return { id, ready: true };
  } catch (error) {
    return { id, ready: false, message: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
