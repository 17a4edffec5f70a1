import {
  type DataFiltersQuery,
  type DataRecord,
  type DownloadQuery,
  type LastRecords,
  type RecordPage,
  type SearchEvent,
  TAIL_MAX_SIZE,
  type TailEvent,
  type TailQuery,
} from '@console/contract';
import { isKafkaAuthorizationFailure } from '../../kafka/errors.ts';
import { Budget } from '../../kafka/fetch/budget.ts';
import { readMetadata, type TopicMeta, topicMetadata, topicNotFound } from '../../kafka/metadata.ts';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { Config } from '../../platform/config/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import type { OrRawJson } from '../../platform/raw-json.ts';
import type { UpstreamHttp } from '../../upstreams/upstream-http.ts';
import type { ViewerMasks } from '../masking/policy.ts';
import { isInternalName, topicNaming } from '../topics/topic-naming.ts';
import { browsePage } from './browse.ts';
import type { DecodeContext } from './decode/decode.ts';
import { SchemaCache } from './decode/registry.ts';
import { type DownloadFormat, type DownloadStop, downloadText } from './download.ts';
import type { RecordFilter } from './expression/record-filter.ts';
import { filterLibrary } from './filter-library.ts';
import { topicCodecs } from './formats/topic-codecs.ts';
import { lastRecords } from './last-record.ts';
import { formatCursor, parseCursor } from './scan/cursor.ts';
import { parseFilter, parseFilters } from './scan/filters.ts';
import { planScan, type ScanPlan, unavailableOf } from './scan/plan.ts';
import type { ScanSource } from './scan/scan.ts';
import { searchEvents } from './scan/search.ts';
import { positionKey, tailEvents } from './tail.ts';
import { TailHub } from './tail-hub.ts';
import { cleanupPolicy } from './topic-info.ts';

/** A scan ready to run: everything that can fail with a clean 4xx has been checked already. */
export type PreparedScan = {
  plan: ScanPlan;
  source: (signal: AbortSignal) => ScanSource;
  /**
   * Whether the row delete (a tombstone) makes sense: compacted and not internal
   * (docs/api-conventions.md#page-of-records).
   */
  canDeleteRecords: boolean;
  expression: RecordFilter | undefined;
};

/**
 * The `filter` expression of a request, compiled before anything is asked of Kafka (400 when invalid).
 * The CEL library loads with the first filter, not at start, and goes when the server is idle
 * (filter-library.ts).
 */
const expressionOf = async (filter: string | undefined) => {
  if (!filter) return undefined;
  return (await filterLibrary()).compileFilter(filter, 'querystring.filter');
};

/** The Data tab's reads (docs/api-conventions.md#record-reads): page, search stream, download, one record. */
export function topicDataService(config: Config, pool: KafkaPool, http: UpstreamHttp) {
  const naming = topicNaming(config);
  const registries = new Map<string, SchemaCache | undefined>();

  const schemas = (cluster: string): SchemaCache | undefined => {
    if (registries.has(cluster)) return registries.get(cluster);
    const settings = config.clusters[cluster]?.schemaRegistry;
    const cache =
      settings && settings.type !== 'glue'
        ? new SchemaCache(http, { ...settings, label: `Schema Registry of cluster '${cluster}'` })
        : undefined;
    registries.set(cluster, cache);
    return cache;
  };

  const internal = (name: string, kafkaInternal: boolean) => kafkaInternal || isInternalName(naming, name);
  const codecs = topicCodecs(config);
  const decodeFor =
    (cluster: string) =>
    (t: TopicMeta): DecodeContext => ({
      topic: t.name,
      schemas: schemas(cluster),
      detectSchemas: !internal(t.name, t.internal),
      codecs: codecs(cluster, t.name),
    });

  /** One TailHub per cluster: every live tail of the cluster shares its reader. */
  const hubs = new Map<string, TailHub>();
  const hub = (cluster: string): TailHub => {
    let found = hubs.get(cluster);
    if (!found) {
      const { admin } = pool.readClients(cluster);
      found = new TailHub(admin, () => pool.tailClient(cluster), decodeFor(cluster), {
        sessions: config.topicData.fetchSessions,
      });
      hubs.set(cluster, found);
    }
    return found;
  };

  /** Metadata, offsets and the plan; a 404 or 400 here comes back as JSON before any streaming. */
  const prepare = async (
    cluster: string,
    topic: string,
    query: DataFiltersQuery,
    masks: ViewerMasks,
    options: { policy?: boolean; budget?: 'configured' | 'asked' } = {},
  ): Promise<PreparedScan> => {
    const expression = await expressionOf(query.filter);
    return pool.run(cluster, async (admin) => {
      const cursor = parseCursor(query.after);
      if (!cursor) throw badRequest('querystring.after', 'must be partition-offset pairs joined by _');
      const { view, meta } = await topicMetadata(admin, topic);
      const isInternal = internal(meta.name, meta.internal);
      const [plan, cleanup] = await Promise.all([
        planScan(admin, view, meta, {
          direction: query.sort ?? 'OLDEST',
          partition: query.partition,
          timestamp: query.timestamp ? Date.parse(query.timestamp) : undefined,
          cursor,
        }),
        // A principal without DESCRIBE_CONFIGS still reads the records; the row delete is then not offered.
        options.policy && !isInternal
          ? cleanupPolicy(admin, topic).catch((error: unknown) =>
              isKafkaAuthorizationFailure(error) ? ([] as string[]) : Promise.reject(error),
            )
          : ([] as string[]),
      ]);
      const { reader } = pool.readClients(cluster);
      const budget = options.budget === 'asked' ? Budget.asked(query) : Budget.of(config, query);
      const decode = decodeFor(cluster)(meta);
      const mask = masks.topic(cluster, meta.name);
      const filters = parseFilters(query);
      const endTimestamp = query.endTimestamp ? Date.parse(query.endTimestamp) : undefined;
      return {
        plan,
        canDeleteRecords: cleanup.includes('compact'),
        expression,
        source: (signal) => ({
          cluster,
          client: reader,
          admin,
          topic: meta,
          brokers: view.brokers,
          budget,
          signal,
          decode,
          mask,
          filters,
          expression,
          endTimestamp,
          sessions: config.topicData.fetchSessions,
          workers: config.search.workers,
        }),
      };
    });
  };

  return {
    /** `GET …/data`: one page; `after` is the next page's URI, present when there is or may come more to see. */
    async page(
      cluster: string,
      topic: string,
      query: DataFiltersQuery,
      url: string,
      signal: AbortSignal,
      masks: ViewerMasks,
    ): Promise<RecordPage> {
      const scan = await prepare(cluster, topic, query, masks, { policy: true });
      const found = await browsePage(
        scan.source(signal),
        scan.plan,
        config.topicData.size,
        config.topicData.maxMessageLength,
      );
      const after = formatCursor(found.cursor);
      // Oldest first with no end time, records written later follow the last page; otherwise the end is final.
      const final = found.reason === 'end' && (scan.plan.direction === 'NEWEST' || !!query.endTimestamp);
      const more = !final && (found.records.length > 0 || (found.reason !== 'end' && after !== query.after));
      const filterFailures = scan.expression?.report();
      return {
        results: found.records,
        ...(more && after ? { after: nextPageUri(url, after) } : {}),
        size: scan.plan.size,
        ...(found.scanned ? { scanned: found.scanned.records } : {}),
        canDeleteRecords: scan.canDeleteRecords,
        ...(filterFailures ? { filterFailures } : {}),
        ...unavailableOf(scan.plan.unavailable, found.unreadable),
      };
    },

    /**
     * `GET /api/{cluster}/topic/last-record`: each topic's newest record, whole
     * (docs/api-conventions.md#last-record).
     */
    lastRecords: (cluster: string, topics: readonly string[], masks: ViewerMasks): Promise<LastRecords> =>
      pool.run(cluster, (admin) =>
        lastRecords(
          admin,
          topics,
          decodeFor(cluster),
          (topic) => masks.topic(cluster, topic),
          config.topicData.maxMessageLength,
        ),
      ),

    /** `GET …/data/search`: the SSE events, to run once the response is open. */
    async search(cluster: string, topic: string, query: DataFiltersQuery, masks: ViewerMasks) {
      const scan = await prepare(cluster, topic, query, masks);
      return (signal: AbortSignal): AsyncIterable<SearchEvent> =>
        searchEvents(
          scan.source(signal),
          scan.plan,
          config.topicData.size,
          config.topicData.maxMessageLength,
        );
    },

    /** `GET …/data/download`: the format and the body pieces, to write once the response is open. */
    async download(cluster: string, topic: string, query: DownloadQuery, masks: ViewerMasks) {
      const scan = await prepare(cluster, topic, query, masks, { budget: 'asked' });
      const format: DownloadFormat = query.format ?? 'JSON';
      return {
        format,
        body: (signal: AbortSignal, stopped: (stop: DownloadStop) => void) =>
          downloadText(scan.source(signal), scan.plan, format, stopped),
      };
    },

    /** `GET …/data/record/{p}/{o}`: the first record at or after the offset, never truncated. */
    async record(
      cluster: string,
      topic: string,
      partition: number,
      offset: number,
      signal: AbortSignal,
      masks: ViewerMasks,
    ): Promise<RecordPage> {
      const after = `${partition}-${offset - 1}`;
      const scan = await prepare(cluster, topic, { partition, after }, masks, { policy: true });
      const found = await browsePage(scan.source(signal), scan.plan, 1, undefined);
      const records: DataRecord[] = found.records;
      return { results: records, size: records.length, canDeleteRecords: scan.canDeleteRecords };
    },

    /**
     * `GET /tail/sse` (docs/api-conventions.md#live-tail): unknown topics are a 404 before the stream opens.
     */
    async tail(cluster: string, query: TailQuery, masks: ViewerMasks) {
      const expression = await expressionOf(query.filter);
      const topics = await pool.run(cluster, async (admin) => {
        const view = await readMetadata(admin, query.topics);
        return query.topics.map((name) => {
          const meta = view.topics.get(name);
          if (!meta) throw topicNotFound(name);
          return meta;
        });
      });
      const after = new Map<string, number>();
      for (const entry of query.after) {
        const [offset = '', partition = '', ...topic] = entry.split(',').reverse();
        after.set(positionKey(topic.reverse().join(','), Number(partition)), Number(offset));
      }
      return (signal: AbortSignal): AsyncIterable<OrRawJson<TailEvent>> =>
        tailEvents({
          hub: hub(cluster),
          topics,
          after,
          filter: parseFilter(query.search),
          mask: (topic) => masks.topic(cluster, topic),
          expression,
          size: query.size ?? TAIL_MAX_SIZE,
          signal,
        });
    },

    schemas,
    /** How a cluster's records decode, for the writers that read (redrive and replay filter them). */
    decodeFor,
  };
}
export type TopicDataService = ReturnType<typeof topicDataService>;

/**
 * AKHQ's `after`: the request path and query with `after` set, parameters sorted
 * (docs/api-conventions.md#page-of-records).
 */
export function nextPageUri(url: string, after: string): string {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.set('after', after);
  parsed.searchParams.sort();
  return `${parsed.pathname}?${parsed.searchParams}`;
}
