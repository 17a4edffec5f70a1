import type {
  KsqlDbListQuery,
  KsqlDbQuery,
  KsqlDbQueryResult,
  KsqlDbServerInfo,
  KsqlDbStatementResult,
  KsqlDbStream,
  KsqlDbTable,
} from '@console/contract';
import type { Config } from '../../platform/config/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { KsqlDbClient, type KsqlEntity, type QueryEntity } from '../../upstreams/ksqldb/client.ts';
import type { UpstreamHttp } from '../../upstreams/upstream-http.ts';
import { pageOf } from '../paging.ts';
import { byName } from '../topics/topic-naming.ts';
import { queryFlows } from './flows.ts';

type Paged<T> = {
  results: T[];
  before?: string;
  after?: string;
  page: number;
  total: number;
  pageSize: number;
};

export function toQuery(q: QueryEntity): KsqlDbQuery {
  return {
    queryType: q.queryType,
    id: q.id,
    sql: q.queryString,
    ...(q.sinks?.length ? { sink: q.sinks.join(',') } : {}),
    ...(q.sinkKafkaTopics?.length ? { sinkTopic: q.sinkKafkaTopics.join(',') } : {}),
  };
}

/** The query id of the last statement that started one (`CREATE … AS SELECT`), else empty, as AKHQ. */
export function statementResult(entities: readonly KsqlEntity[]): KsqlDbStatementResult {
  return entities.findLast((e) => e.commandStatus?.queryId)?.commandStatus?.queryId ?? '';
}

/** The ksqlDB screens' operations (docs/api-conventions.md#ksqldb) over each cluster's configured servers. */
export function ksqlDbService(config: Config, http: UpstreamHttp) {
  const clients = new Map<string, KsqlDbClient>();

  const server = (cluster: string, id: string): KsqlDbClient => {
    const key = `${cluster}\u0000${id}`;
    const known = clients.get(key);
    if (known) return known;
    const settings = config.clusters[cluster];
    if (!settings) throw notFound(`Cluster '${cluster}' not found`);
    const own = settings.ksqldb.find((k) => k.name === id);
    if (!own) throw notFound(`Cluster '${cluster}' has no ksqlDB named '${id}'`);
    const client = new KsqlDbClient(http, { ...own, label: `ksqlDB '${id}' of cluster '${cluster}'` });
    clients.set(key, client);
    return client;
  };

  /**
   * ksqlDB lists match a plain case-sensitive substring (docs/api-conventions.md#name-search), then page in
   * name order.
   */
  const paged = <T>(items: T[], key: (item: T) => string, query: KsqlDbListQuery, url: string): Paged<T> => {
    const kept = items.filter((i) => !query.search || key(i).includes(query.search));
    kept.sort((a, b) => byName(key(a), key(b)));
    return pageOf(kept, query.page, config.pagination.pageSize, url);
  };

  const show = async (cluster: string, id: string, what: 'STREAMS' | 'TABLES' | 'QUERIES') =>
    (await server(cluster, id).ksql(`SHOW ${what};`))[0] ?? {};

  const source = (s: KsqlDbStream): KsqlDbStream => ({
    name: s.name,
    topic: s.topic,
    keyFormat: s.keyFormat,
    valueFormat: s.valueFormat,
    isWindowed: s.isWindowed,
  });

  return {
    async info(cluster: string, id: string): Promise<KsqlDbServerInfo> {
      const info = await server(cluster, id).info();
      return {
        serverVersion: info.version,
        kafkaClusterId: info.kafkaClusterId,
        ksqlServiceId: info.ksqlServiceId,
      };
    },

    streams: async (
      cluster: string,
      id: string,
      query: KsqlDbListQuery,
      url: string,
    ): Promise<Paged<KsqlDbStream>> =>
      paged((await show(cluster, id, 'STREAMS')).streams?.map(source) ?? [], (s) => s.name, query, url),

    tables: async (
      cluster: string,
      id: string,
      query: KsqlDbListQuery,
      url: string,
    ): Promise<Paged<KsqlDbTable>> =>
      paged((await show(cluster, id, 'TABLES')).tables?.map(source) ?? [], (t) => t.name, query, url),

    queries: async (
      cluster: string,
      id: string,
      query: KsqlDbListQuery,
      url: string,
    ): Promise<Paged<KsqlDbQuery>> =>
      paged((await show(cluster, id, 'QUERIES')).queries?.map(toQuery) ?? [], (q) => q.id, query, url),

    /** Each persistent query's topics, for the data-flow map (flows.ts). */
    flows: async (cluster: string, id: string) =>
      queryFlows(await server(cluster, id).ksql('SHOW STREAMS; SHOW TABLES; SHOW QUERIES EXTENDED;')),

    async execute(cluster: string, id: string, sql: string, properties?: Record<string, string>) {
      return statementResult(await server(cluster, id).ksql(sql, properties));
    },

    /** Each row is one JSON array string, as AKHQ's UI reads `columnValues`. */
    async query(
      cluster: string,
      id: string,
      sql: string,
      properties?: Record<string, string>,
    ): Promise<KsqlDbQueryResult> {
      const found = await server(cluster, id).query(sql, properties);
      return {
        columnNames: found.columnNames,
        columnValues: found.rows.map((row) => JSON.stringify(row)),
        ...(found.truncated ? { truncated: true } : {}),
      };
    },
  };
}

export type KsqlDbService = ReturnType<typeof ksqlDbService>;
