import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** A registry per app, so tests can build several apps in one process. */
export function installMetrics(app: FastifyInstance): Registry {
  const registry = new Registry();
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.025, 0.1, 0.25, 1, 2.5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
  });
  return registry;
}

const withProcessMetrics = new WeakSet<Registry>();

/**
 * The registry's text for a scrape. Node's process metrics (prom-client's defaults: CPU, memory, event
 * loop delay, collections) are kept from the first scrape on, not from the start: their event loop delay
 * histogram is 0.4 MB of malloc and a timer every 10 ms for the process's life (heaptrack), which a
 * console nobody scrapes never reads (tests/bench/results/search.md).
 */
export async function scrape(registry: Registry): Promise<string> {
  if (!withProcessMetrics.has(registry)) {
    withProcessMetrics.add(registry);
    collectDefaultMetrics({ register: registry });
  }
  return registry.metrics();
}

/** Figures the layers above keep, read at each scrape. */
export type ConsoleFigures = {
  /** Kafka requests sent by this process, by API name, since it started. */
  kafkaRequests: () => ReadonlyMap<string, number>;
  /** Per cluster, whether this replica publishes the shared group index now. */
  groupIndexPublishing: () => ReadonlyMap<string, boolean>;
};

export function installConsoleMetrics(registry: Registry, figures: ConsoleFigures): void {
  new Counter({
    name: 'console_kafka_requests_total',
    help: 'Kafka requests this console process sent to brokers, by API',
    labelNames: ['api'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [api, n] of figures.kafkaRequests()) this.inc({ api }, n);
    },
  });
  new Gauge({
    name: 'console_group_index_publishing',
    help: '1 while this replica builds and publishes the shared group index of the cluster, else 0',
    labelNames: ['cluster'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [cluster, on] of figures.groupIndexPublishing()) this.set({ cluster }, on ? 1 : 0);
    },
  });
}
