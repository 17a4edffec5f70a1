import { availableParallelism } from 'node:os';
import { DateTimeFormat, GroupsListView, SortOrder, TopicListView } from '@console/contract';
import { z } from 'zod';
import { AuditConfig } from './audit.ts';
import { DEFAULT_INTERNAL_REGEXPS, DEFAULT_STREAM_REGEXPS } from './defaults.ts';
import { Deserialization } from './deserialization.ts';
import { checkKafkaProperties, checkUpstreamTls } from './kafka-properties.ts';
import { LagHistoryConfig } from './lag-history.ts';
import { McpConfig } from './mcp.ts';
import { PrometheusMatching } from './metrics.ts';
import { regex } from './regex.ts';
import { address, Security, securityIssues } from './security.ts';

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

/**
 * Credentials, TLS and timeout shared by every HTTP upstream (registry, Connect, ksqlDB): Basic, a static
 * bearer token, or bearer tokens from an OAuth client-credentials grant; `tls` takes the same `ssl.*` keys
 * as a cluster's properties (a private CA, a client certificate, host name checking).
 */
const upstream = {
  url: httpUrl,
  basicAuthUsername: z.string().optional(),
  basicAuthPassword: z.string().optional(),
  bearerToken: z.string().min(1).optional(),
  oauth: z
    .strictObject({
      tokenUrl: httpUrl,
      clientId: z.string().min(1),
      clientSecret: z.string(),
      scope: z.string().optional(),
    })
    .optional(),
  tls: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String))
    .superRefine((tls, ctx) => {
      for (const issue of checkUpstreamTls(tls)) {
        ctx.addIssue({ code: 'custom', path: [issue.key], message: issue.message });
      }
    })
    .optional(),
  timeoutMs: z.number().int().positive().default(10_000),
};

const oneCredential = (u: { basicAuthUsername?: string; bearerToken?: string; oauth?: object }) =>
  [u.basicAuthUsername, u.bearerToken, u.oauth].filter((c) => c !== undefined).length <= 1;
const ONE_CREDENTIAL = {
  message: 'give one of basicAuthUsername, bearerToken or oauth',
  path: ['bearerToken'],
};

const namedUpstream = z
  .strictObject({
    name: z.string().regex(/^[\w-]+$/, 'letters, digits, _ and - only'),
    ...upstream,
  })
  .refine(oneCredential, ONE_CREDENTIAL);

const UiOptionsConfig = z.strictObject({
  topic: z
    .strictObject({
      defaultView: TopicListView.optional(),
      skipConsumerGroups: z.boolean().optional(),
      skipLastRecord: z.boolean().optional(),
      showAllConsumerGroups: z.boolean().optional(),
      groupsDefaultView: GroupsListView.optional(),
    })
    .prefault({}),
  topicData: z
    .strictObject({ sort: SortOrder.optional(), dateTimeFormat: DateTimeFormat.optional() })
    .prefault({}),
});

/** Kafka client properties, Java-style keys (`bootstrap.servers`, `sasl.mechanism`...) as in AKHQ configs. */
const KafkaProperties = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String))
  .refine((p) => Boolean(p['bootstrap.servers']?.trim()), {
    message: 'bootstrap.servers is required',
    path: ['bootstrap.servers'],
  })
  .superRefine((p, ctx) => {
    for (const issue of checkKafkaProperties(p)) {
      ctx.addIssue({ code: 'custom', path: [issue.key], message: issue.message });
    }
  });

const ClusterConfig = z.strictObject({
  properties: KafkaProperties,
  schemaRegistry: z
    .strictObject({ ...upstream, type: z.enum(['confluent', 'tibco', 'glue']).default('confluent') })
    .refine(oneCredential, ONE_CREDENTIAL)
    .optional(),
  connect: z.array(namedUpstream).default([]),
  ksqldb: z.array(namedUpstream).default([]),
  uiOptions: UiOptionsConfig.optional(),
  deserialization: Deserialization.default([]),
  /** The operator's Prometheus, for the broker pages' metrics (docs/metrics.md). */
  metrics: z
    .strictObject({
      prometheus: z
        .strictObject({ ...upstream, ...PrometheusMatching })
        .refine(oneCredential, ONE_CREDENTIAL),
    })
    .optional(),
});

/** basePath is kept as `/` or `/prefix/`: leading and trailing slash, so joins never double or drop one. */
const BasePath = z
  .string()
  .regex(/^\/?[\w\-./]*$/, 'must be a URL path such as / or /kafka')
  .transform((p) => `/${p.split('/').filter(Boolean).join('/')}/`.replace('//', '/'));

export const ConfigSchema = z
  .strictObject({
    basePath: BasePath.default('/'),
    server: z
      .strictObject({
        host: z.string().default('0.0.0.0'),
        port: z.number().int().min(0).max(65535).default(8080),
        /**
         * Reverse proxies whose `X-Forwarded-For/-Proto/-Host` are believed (TCP peer addresses or CIDR
         * ranges); from any other peer those headers are ignored.
         */
        trustedProxies: z.array(address).default([]),
        /**
         * The address users open, e.g. `https://kafka.example.com/` (basePath included as the browser
         * sees it): OAuth/OIDC redirects are built from it, never from the request's Host, and an
         * `https` one makes the session cookie Secure.
         */
        publicUrl: httpUrl.optional(),
      })
      .prefault({}),
    logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    clusters: z
      .record(z.string().regex(/^[\w-]+$/, 'cluster names use letters, digits, _ and - only'), ClusterConfig)
      .refine((c) => Object.keys(c).length > 0, { message: 'at least one cluster is required' }),
    kafkaClient: z
      .strictObject({
        connectTimeoutMs: z.number().int().positive().default(3_000),
        requestTimeoutMs: z.number().int().positive().default(15_000),
        retries: z.number().int().min(0).default(1),
        /** Most groups one FindCoordinator, OffsetFetch or DescribeGroups request names. */
        groupsPerRequest: z.number().int().positive().default(100),
        /** Most partitions one ListOffsets or OffsetFetch request names. */
        partitionsPerRequest: z.number().int().positive().default(1000),
        /** Most batched requests in flight at once per cluster. */
        requestConcurrency: z.number().int().positive().default(4),
      })
      .prefault({}),
    /** The group-to-topics index behind the topic list's groups column and a topic's groups tab. */
    groupIndex: z
      .strictObject({
        refreshMs: z.number().int().min(1000).default(30_000),
        /**
         * Replicas share one index: the replica elected for lag sampling builds it and publishes it in this
         * compacted topic of each cluster (created when missing); the others read it. Needs lagHistory.
         */
        sharedTopic: z
          .string()
          .regex(/^[\w.-]{1,249}$/, 'a Kafka topic name: letters, digits, _ . and - only')
          .optional(),
      })
      .prefault({}),
    /** Lag history and lag alerts, kept in an internal topic of each cluster (config/lag-history.ts). */
    lagHistory: LagHistoryConfig.prefault({}),
    pagination: z.strictObject({ pageSize: z.number().int().positive().default(25) }).prefault({}),
    topic: z
      .strictObject({
        replication: z.number().int().positive().default(1),
        partition: z.number().int().positive().default(1),
        retention: z.number().int().default(86_400_000),
        internalRegexps: z.array(regex).default(DEFAULT_INTERNAL_REGEXPS),
        streamRegexps: z.array(regex).default(DEFAULT_STREAM_REGEXPS),
      })
      .prefault({}),
    topicData: z
      .strictObject({
        /** Records per page and per search batch. */
        size: z.number().int().positive().default(50),
        /** Values longer than this are truncated in lists; the full record stays available by offset. */
        maxMessageLength: z.number().int().positive().default(1_000_000),
        /** Budgets every scan ends within (docs/api-conventions.md#scans-and-budgets). */
        scanMaxRecords: z.number().int().positive().default(1_000_000),
        scanMaxBytes: z
          .number()
          .int()
          .positive()
          .default(512 * 1024 * 1024),
        scanMaxMs: z.number().int().positive().default(60_000),
        /**
         * Incremental fetch sessions (KIP-227) for scans and live tails: after the first fetch to a broker,
         * each names only the partitions whose position moved. false: every fetch names every partition.
         */
        fetchSessions: z.boolean().default(true),
        /** The largest produce body accepted (bytes of the JSON request); larger ones are refused with 413. */
        produceMaxBytes: z
          .number()
          .int()
          .positive()
          .default(4 * 1024 * 1024),
        /**
         * The largest file an import accepts (bytes); a larger one is refused with 413. The file is kept in
         * the system's temp directory while it is read (checked, then written), never in memory.
         */
        importMaxBytes: z
          .number()
          .int()
          .positive()
          .default(10 * 1024 * 1024 * 1024),
      })
      .prefault({}),
    search: z
      .strictObject({
        /**
         * Worker threads that read and test a scan's records while the main thread fetches
         * (docs/architecture.md#the-record-pipeline); by default the machine's cores less one, at least
         * one; 0 reads and tests every record on the main thread.
         */
        workers: z
          .number()
          .int()
          .min(0)
          .max(64)
          .default(() => Math.max(1, availableParallelism() - 1)),
      })
      .prefault({}),
    uiOptions: UiOptionsConfig.prefault({}),
    ops: z
      .strictObject({
        /**
         * With security on, anonymous callers of /ready and /metrics get only the status; true gives
         * them the details too (each cluster and its error, per-route metrics), e.g. for a scraper
         * without credentials.
         */
        publicDetails: z.boolean().default(false),
      })
      .prefault({}),
    security: Security.prefault({}),
    audit: AuditConfig,
    mcp: McpConfig,
  })
  .superRefine((config, ctx) => {
    const { cluster } = config.audit;
    if (cluster !== undefined && !(cluster in config.clusters))
      ctx.addIssue({
        code: 'custom',
        path: ['audit', 'cluster'],
        message: `no cluster '${cluster}' is configured`,
      });
    const { sharedTopic } = config.groupIndex;
    if (sharedTopic !== undefined && !config.lagHistory.enabled)
      ctx.addIssue({
        code: 'custom',
        path: ['groupIndex', 'sharedTopic'],
        message:
          'needs lagHistory.enabled: true (the replica elected for lag sampling builds the shared index)',
      });
    if (sharedTopic !== undefined && sharedTopic === config.lagHistory.topic)
      ctx.addIssue({
        code: 'custom',
        path: ['groupIndex', 'sharedTopic'],
        message: 'must differ from lagHistory.topic',
      });
    for (const issue of securityIssues(config.security)) ctx.addIssue({ code: 'custom', ...issue });
  });

export type Config = z.output<typeof ConfigSchema>;
export type ClusterConfig = Config['clusters'][string];
