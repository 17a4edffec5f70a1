import type { AuditEvent } from '@console/contract';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, onResponseHookHandler } from 'fastify';
import { namedChecks, namesFor } from './named-checks.ts';

const READS = new Set(['READ', 'READ_CONFIG']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a write's audit event adds to the object it names (a SCRAM mechanism, iterations): never a secret. */
    auditDetail?: (request: FastifyRequest) => string | undefined;
  }
}

/** Writes are every non-GET route, plus GET routes whose rule is a write (connector restart is a GET). */
export function isWrite(
  method: string,
  access: NonNullable<FastifyRequest['routeAccess']>['access'],
): boolean {
  if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') return true;
  return typeof access === 'object' && !READS.has(access.action);
}

function target(request: FastifyRequest, key: string): string | undefined {
  const access = request.routeAccess?.access;
  const path = key.slice(key.indexOf(' ') + 1);
  const named = access ? namedChecks(path, access).flatMap((c) => namesFor(c, request)) : [];
  if (named.length) return named.join(',');
  const params = Object.entries((request.params as Record<string, string> | undefined) ?? {})
    .filter(([name]) => name !== 'cluster')
    .map(([, value]) => value);
  if (params.length) return params.join('/');
  const username = (request.body as { username?: unknown } | undefined)?.username;
  return typeof username === 'string' ? username : undefined;
}

/** Reads of record data: audited too when `audit.reads` is on. */
function isDataRead(access: NonNullable<FastifyRequest['routeAccess']>['access']): boolean {
  return typeof access === 'object' && access.resource === 'TOPIC_DATA' && access.action === 'READ';
}

/**
 * One structured `audit` log line per write, whatever the outcome (docs/style.md#logs): who, from where,
 * on which cluster and object, which permission, and what came of it. The same event goes to `sink`
 * (the audit topic, audit/audit-log.ts), with reads of record data when `reads` is set. A route called by
 * an MCP tool (`request.via`, auth/via.ts) is audited whatever it does, marked `via: "mcp"`.
 *
 * Fastify runs onResponse hooks only when a response finishes. A stream the client leaves (a live tail
 * closed, a search cancelled, a download dropped) never does, so `onRequest` also watches the connection
 * and records the event when it closes on an unfinished response.
 */
export function auditHooks(sink?: { record: (event: AuditEvent) => void; reads: boolean }): {
  onRequest: onRequestHookHandler;
  onResponse: onResponseHookHandler;
} {
  const record = (request: FastifyRequest, reply: FastifyReply) => {
    const rule = request.routeAccess;
    if (!rule || request.routeOptions.config.unaudited) return;
    const { access } = rule;
    const write = isWrite(request.method, access);
    // Every MCP tool call is audited, reads included (docs/mcp.md#audit).
    const { via } = request;
    if (!write && !via && !(sink?.reads && isDataRead(access))) return;
    const status = reply.statusCode;
    const cluster = (request.params as { cluster?: string } | undefined)?.cluster;
    const named = target(request, rule.key);
    const detail = request.routeOptions.config.auditDetail?.(request);
    const object = named && detail ? `${named} (${detail})` : named;
    const event: AuditEvent = {
      timestamp: new Date().toISOString(),
      user: request.identity?.username ?? 'anonymous',
      action: typeof access === 'object' ? `${access.resource}:${access.action}` : rule.key,
      ...(cluster ? { cluster } : {}),
      ...(object ? { object } : {}),
      outcome: status < 400 ? 'success' : status === 401 || status === 403 ? 'refused' : 'failure',
      status,
      address: request.ip,
      route: rule.key,
      ...(via ? { via } : {}),
    };
    if (write || via) {
      const { timestamp: _, object: __, ...line } = event;
      request.log.info({ audit: { ...line, cluster, target: object } }, 'audit');
    }
    sink?.record(event);
  };
  return {
    onRequest: async (request, reply) => {
      // Ended (end() called) means a finished response, whose onResponse hook records it.
      reply.raw.once('close', () => {
        if (!reply.raw.writableEnded) record(request, reply);
      });
    },
    onResponse: async (request, reply) => record(request, reply),
  };
}
