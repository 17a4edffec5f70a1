import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadTopicCodecs } from './domain/records/formats/topic-codecs.ts';
import { installApiDocs } from './http/api-docs.ts';
import { installAuth } from './http/auth/install.ts';
import { frameworkErrors, installErrorHandler } from './http/error-handler.ts';
import { refuseHeadWhereNotExposed, routeHeadAsGet } from './http/head-as-get.ts';
import { acceptEmptyJsonBodies } from './http/json-body.ts';
import { loggerOptions, OneLineRequestLog } from './http/logger.ts';
import { documentApi } from './http/openapi/document.ts';
import { principalPathRewriter } from './http/principal-path.ts';
import { closeQuietConnectionsOnClose } from './http/quiet-connections.ts';
import { collectDeclarations } from './http/route-declaration.ts';
import { aclWriteRoutes } from './http/routes/cluster/acl-write.ts';
import { aclRoutes } from './http/routes/cluster/acls.ts';
import { brokerMetricsRoutes } from './http/routes/cluster/broker-metrics.ts';
import { clusterRoutes } from './http/routes/cluster/clusters.ts';
import { insightsRoutes } from './http/routes/cluster/insights.ts';
import { nodeRoutes } from './http/routes/cluster/nodes.ts';
import { overviewRoutes } from './http/routes/cluster/overview.ts';
import { quotaRoutes } from './http/routes/cluster/quotas.ts';
import { reassignmentRoutes } from './http/routes/cluster/reassignments.ts';
import { scramUserRoutes } from './http/routes/cluster/scram-users.ts';
import { transactionRoutes } from './http/routes/cluster/transactions.ts';
import { auditRoutes } from './http/routes/console/audit.ts';
import { oauthRoutes } from './http/routes/console/oauth.ts';
import { opsRoutes } from './http/routes/console/ops.ts';
import { sessionRoutes } from './http/routes/console/session.ts';
import { groupRoutes } from './http/routes/data/groups.ts';
import { lagHistoryRoutes } from './http/routes/data/lag-history.ts';
import { lagTimeRoutes } from './http/routes/data/lag-time.ts';
import { shareGroupRoutes } from './http/routes/data/share-groups.ts';
import { streamsGroupRoutes } from './http/routes/data/streams-groups.ts';
import { topicDataRoutes } from './http/routes/data/topic-data.ts';
import { topicGenerateRoutes } from './http/routes/data/topic-generate.ts';
import { topicImportRoutes } from './http/routes/data/topic-import.ts';
import { topicMoveRoutes } from './http/routes/data/topic-move.ts';
import { topicRoutes } from './http/routes/data/topics.ts';
import { topologyRoutes } from './http/routes/data/topology.ts';
import { connectRoutes } from './http/routes/upstreams/connect.ts';
import { ksqlDbRoutes } from './http/routes/upstreams/ksqldb.ts';
import { schemaRoutes } from './http/routes/upstreams/schemas.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installUi } from './http/ui.ts';
import { kafkaRequestCounts } from './kafka/request-counts.ts';
import type { Config } from './platform/config/schema.ts';
import { installConsoleMetrics, installMetrics } from './platform/metrics.ts';
import { buildServices } from './services.ts';

// Fastify types these factories for its JSON Schema compilers; zod's compile zod schemas.
type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

export type AppOptions = {
  uiDir?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read the audit lines from it). */
  logStream?: { write: (line: string) => void };
};

/**
 * The whole application; `serve.ts` only listens. Tests build the same tree
 * (docs/style.md#buildapp-is-the-app).
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  // The Avro and Protobuf parsers the topic data routes need, when the config names such files.
  await loadTopicCodecs(config);
  const rewritePrincipal = principalPathRewriter(config.basePath.slice(0, -1));
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(config), ...(options.logStream ? { stream: options.logStream } : {}) },
    logController: new OneLineRequestLog(),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Kafka names reach 249 characters (group ids and principals more), percent-encoded up to 3 bytes
    // each: no parameter is refused for its length; Node's 16 KiB header limit bounds the URL anyway.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16 * 1024 },
    // Before routing: HEAD is routed as GET (head-as-get.ts), AKHQ's principal paths are re-encoded.
    rewriteUrl: (req) => {
      routeHeadAsGet(req);
      return rewritePrincipal(req.url ?? '/');
    },
    // X-Forwarded-For/-Proto/-Host only from the configured proxies (request.ip, .protocol, .host).
    trustProxy: config.server.trustedProxies.length > 0 ? [...config.server.trustedProxies] : false,
    bodyLimit: 10 * 1024 * 1024,
    // HEAD is answered by each GET route, without a twin route for each (head-as-get.ts).
    exposeHeadRoutes: false,
    frameworkErrors,
    // A `__proto__` or `constructor.prototype` key is dropped as any unknown key is, not refused as bad JSON.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // Zod validates and serializes every route. Given here rather than set on the instance, fastify does not
    // load its Ajv and fast-json-stringify compilers (about 15 ms of every start).
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();
  refuseHeadWhereNotExposed(app);
  acceptEmptyJsonBodies(app);
  closeQuietConnectionsOnClose(app);
  installErrorHandler(app);
  installSecurityHeaders(app);
  collectDeclarations(app, config.basePath.slice(0, -1));
  const built = buildServices(config, app.log);
  const { services } = built;
  app.addHook('onReady', async () => built.start());
  app.addHook('preClose', () => built.stop());
  app.addHook('onClose', () => built.close());
  const auth = await installAuth(app, config, services.audit, built.kafka);
  const metrics = installMetrics(app);
  installConsoleMetrics(metrics, {
    kafkaRequests: kafkaRequestCounts,
    groupIndexPublishing: () => built.indexes.publishing(),
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await documentApi(app, config);

  const prefix = config.basePath.slice(0, -1);
  const plugin = { ...services, prefix };
  await app.register(sessionRoutes, { ...plugin, auth });
  await app.register(oauthRoutes, { ...plugin, auth });
  await app.register(clusterRoutes, plugin);
  await app.register(overviewRoutes, plugin);
  await app.register(insightsRoutes, plugin);
  await app.register(topicRoutes, plugin);
  await app.register(groupRoutes, plugin);
  await app.register(aclRoutes, plugin);
  await app.register(reassignmentRoutes, plugin);
  await app.register(shareGroupRoutes, plugin);
  await app.register(streamsGroupRoutes, plugin);
  await app.register(aclWriteRoutes, plugin);
  await app.register(quotaRoutes, plugin);
  await app.register(transactionRoutes, plugin);
  await app.register(scramUserRoutes, plugin);
  await app.register(nodeRoutes, plugin);
  await app.register(brokerMetricsRoutes, plugin);
  await app.register(schemaRoutes, plugin);
  await app.register(connectRoutes, plugin);
  await app.register(ksqlDbRoutes, plugin);
  await app.register(topicDataRoutes, plugin);
  await app.register(topologyRoutes, plugin);
  await app.register(topicImportRoutes, plugin);
  await app.register(topicGenerateRoutes, plugin);
  await app.register(topicMoveRoutes, plugin);
  await app.register(opsRoutes, { ...plugin, metrics });
  await app.register(lagHistoryRoutes, plugin);
  await app.register(lagTimeRoutes, plugin);
  await app.register(auditRoutes, plugin);
  app.get(`${prefix}/api/openapi.json`, { config: { access: 'public' }, schema: { hide: true } }, () =>
    app.swagger(),
  );
  installApiDocs(app, prefix);
  // Agents' tools, from the routes above (docs/mcp.md); the MCP SDK is loaded only when it is on.
  if (config.mcp.enabled) (await import('./http/mcp/endpoint.ts')).installMcp(app, config);
  await installUi(app, config.basePath, options.uiDir);
  return app;
}
