import { BrokerMetrics, BrokerMetricsParams, BrokerMetricsQuery } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../services.ts';

/** A broker's metrics from the cluster's Prometheus, when one is configured (docs/metrics.md). */
export const brokerMetricsRoutes: FastifyPluginAsyncZod<Services> = async (app, { brokerMetrics }) => {
  app.get(
    '/api/:cluster/node/:id/metrics',
    {
      config: {
        access: { resource: 'NODE', action: 'READ' },
        operation: {
          operationId: 'getNodeMetrics',
          tool: 'read',
          summary:
            "A broker's bytes in/out, messages in, request rate and p99 latency, under-replicated partitions over time, from the cluster's Prometheus",
          errors: [502, 504],
        },
      },
      schema: {
        tags: ['node'],
        params: BrokerMetricsParams,
        querystring: BrokerMetricsQuery,
        response: { 200: BrokerMetrics },
      },
    },
    (req) => brokerMetrics.broker(req.params.cluster, req.params.id, req.query),
  );
};
