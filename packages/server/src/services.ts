import type { FastifyBaseLogger } from 'fastify';
import { aclService } from './domain/acls/service.ts';
import { AuditLog } from './domain/audit/audit-log.ts';
import { brokerMetricsService } from './domain/broker-metrics/service.ts';
import { nodeService } from './domain/cluster/node-service.ts';
import { overviewService } from './domain/cluster/overview.ts';
import { clusterService } from './domain/cluster/service.ts';
import { connectService } from './domain/connect/service.ts';
import { GroupIndexes } from './domain/groups/group-indexes.ts';
import { groupService } from './domain/groups/group-service.ts';
import { insightsService } from './domain/insights/service.ts';
import { ksqlDbService } from './domain/ksqldb/service.ts';
import { LagHistoryService } from './domain/lag/service.ts';
import { lagTimeService } from './domain/lag/time/lag-time-service.ts';
import { quotaService } from './domain/quotas/service.ts';
import { reassignmentService } from './domain/reassignments/service.ts';
import { moveService } from './domain/records/move/service.ts';
import { topicDataService } from './domain/records/service.ts';
import { topicWriteService } from './domain/records/write-service.ts';
import { schemaService } from './domain/schemas/service.ts';
import { scramUserService } from './domain/scram-users/service.ts';
import { shareGroupService } from './domain/share-groups/service.ts';
import { streamsGroupService } from './domain/streams-groups/service.ts';
import { topicService } from './domain/topics/topic-service.ts';
import { topologyService } from './domain/topology/service.ts';
import { trafficService } from './domain/traffic/service.ts';
import { transactionService } from './domain/transactions/service.ts';
import { KafkaPool } from './kafka/pool.ts';
import type { Config } from './platform/config/schema.ts';
import { UpstreamHttp } from './upstreams/upstream-http.ts';

/**
 * Every domain service, built once per app from the frozen config, one Kafka pool and one HTTP client
 * for the upstreams, and handed to the route plugins: no route builds a service or touches the pool.
 */
export function buildServices(config: Config, log: FastifyBaseLogger) {
  const kafka = new KafkaPool(config);
  const http = new UpstreamHttp();
  const indexes = new GroupIndexes(kafka, { ...config.groupIndex, warn: (message) => log.warn(message) });
  const records = topicDataService(config, kafka, http);
  const lag = new LagHistoryService(config, kafka, indexes, {
    warn: (message) => log.warn(message),
    info: (message) => log.info(message),
  });
  const connect = connectService(config, http);
  const ksqldb = ksqlDbService(config, http);
  const streamsGroups = streamsGroupService(config, kafka);
  // A shared group index is built by the replica elected for lag sampling (config groupIndex.sharedTopic).
  indexes.electedBy((cluster) => lag.leading(cluster));
  const services = {
    config,
    topics: topicService(config, kafka, indexes),
    groups: groupService(config, kafka, indexes),
    nodes: nodeService(config, kafka),
    brokerMetrics: brokerMetricsService(config, kafka, http),
    overview: overviewService(config, kafka),
    insights: insightsService(config, kafka, indexes, lag),
    cluster: clusterService(kafka),
    traffic: trafficService(kafka),
    acls: aclService(kafka),
    quotas: quotaService(kafka),
    reassignments: reassignmentService(kafka),
    shareGroups: shareGroupService(config, kafka),
    streamsGroups,
    transactions: transactionService(config, kafka),
    scramUsers: scramUserService(config, kafka),
    records,
    writes: topicWriteService(config, kafka, records.schemas),
    moves: moveService(config, kafka, records),
    schemas: schemaService(config, http),
    connect,
    ksqldb,
    topology: topologyService(config, kafka, indexes, connect, ksqldb, streamsGroups.appTopics),
    lag,
    lagTime: lagTimeService(kafka, lag),
    audit: config.audit.enabled ? new AuditLog(config, kafka, log) : undefined,
  };
  return {
    services,
    /** The pool, for the session revocation topic (http/auth) only. */
    kafka,
    /** The group indexes, for /metrics (which replica publishes a shared one). */
    indexes,
    start() {
      services.audit?.start();
      services.lag.start();
      indexes.start();
    },
    /** Before the pool closes: the last audit events are written while its producer is still open. */
    async stop() {
      await services.audit?.close();
      await services.lag.close();
    },
    async close() {
      await indexes.close();
      await http.close();
      await kafka.close();
    },
  };
}

/** What route plugins receive. */
export type Services = ReturnType<typeof buildServices>['services'];
