import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installApiDocs } from './api-docs.ts';
import { AuditLog } from './audit/audit-log.ts';
import { installAuth } from './auth/install.ts';
import type { Config } from './config/schema.ts';
import { frameworkErrors, installErrorHandler } from './error-handler.ts';
import { refuseHeadWhereNotExposed, routeHeadAsGet } from './head-as-get.ts';
import { acceptEmptyJsonBodies } from './json-body.ts';
import { KafkaPool } from './kafka/pool.ts';
import { loadTopicCodecs } from './kafka/records/formats/topic-codecs.ts';
import { LagHistoryService } from './lag/service.ts';
import { loggerOptions, OneLineRequestLog } from './logger.ts';
import { installMetrics } from './metrics.ts';
import { documentApi } from './openapi/document.ts';
import { principalPathRewriter } from './principal-path.ts';
import { closeQuietConnectionsOnClose } from './quiet-connections.ts';
import { aclWriteRoutes } from './routes/acl-write.ts';
import { aclRoutes } from './routes/acls.ts';
import { auditRoutes } from './routes/audit.ts';
import { clusterRoutes } from './routes/clusters.ts';
import { connectRoutes } from './routes/connect.ts';
import { groupRoutes } from './routes/groups.ts';
import { ksqlDbRoutes } from './routes/ksqldb.ts';
import { lagHistoryRoutes } from './routes/lag-history.ts';
import { nodeRoutes } from './routes/nodes.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { opsRoutes } from './routes/ops.ts';
import { overviewRoutes } from './routes/overview.ts';
import { quotaRoutes } from './routes/quotas.ts';
import { reassignmentRoutes } from './routes/reassignments.ts';
import { schemaRoutes } from './routes/schemas.ts';
import { sessionRoutes } from './routes/session.ts';
import { shareGroupRoutes } from './routes/share-groups.ts';
import { topicDataRoutes } from './routes/topic-data.ts';
import { topicRoutes } from './routes/topics.ts';
import { transactionRoutes } from './routes/transactions.ts';
import { installSecurityHeaders } from './security-headers.ts';
import type { Services } from './services.ts';
import { installUi } from './ui.ts';

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

/** The whole application; `serve.ts` only listens. Tests build the same tree (STYLE §2). */
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
  const kafka = new KafkaPool(config);
  app.addHook('onClose', () => kafka.close());
  const audit = config.audit.enabled ? new AuditLog(config, kafka, app.log) : undefined;
  if (audit) {
    app.addHook('onReady', async () => audit.start());
    // preClose: the last events are written while the pool's producer is still open.
    app.addHook('preClose', async () => audit.close());
  }
  const auth = await installAuth(app, config, audit, kafka);
  const metrics = installMetrics(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await documentApi(app, config);

  const services: Services = { config, kafka };
  const prefix = config.basePath.slice(0, -1);
  await app.register(sessionRoutes, { ...services, auth, prefix });
  await app.register(oauthRoutes, { ...services, auth, prefix });
  await app.register(clusterRoutes, { ...services, prefix });
  await app.register(overviewRoutes, { ...services, prefix });
  await app.register(topicRoutes, { ...services, prefix });
  await app.register(groupRoutes, { ...services, prefix });
  await app.register(aclRoutes, { ...services, prefix });
  await app.register(reassignmentRoutes, { ...services, prefix });
  await app.register(shareGroupRoutes, { ...services, prefix });
  await app.register(aclWriteRoutes, { ...services, prefix });
  await app.register(quotaRoutes, { ...services, prefix });
  await app.register(transactionRoutes, { ...services, prefix });
  await app.register(nodeRoutes, { ...services, prefix });
  await app.register(schemaRoutes, { ...services, prefix });
  await app.register(connectRoutes, { ...services, prefix });
  await app.register(ksqlDbRoutes, { ...services, prefix });
  await app.register(topicDataRoutes, { ...services, prefix });
  await app.register(opsRoutes, { ...services, metrics, prefix });
  const lag = new LagHistoryService(config, kafka, {
    warn: (message) => app.log.warn(message),
    info: (message) => app.log.info(message),
  });
  app.addHook('onReady', async () => lag.start());
  app.addHook('preClose', () => lag.close());
  await app.register(lagHistoryRoutes, { ...services, lag, prefix });
  await app.register(auditRoutes, { ...services, audit, prefix });
  app.get(`${prefix}/api/openapi.json`, { schema: { hide: true } }, () => app.swagger());
  installApiDocs(app, prefix);
  await installUi(app, config.basePath, options.uiDir);
  return app;
}
