import type { FastifyRequest, onResponseHookHandler } from 'fastify';
import { namedChecks, namesFor } from './named-checks.ts';

const READS = new Set(['READ', 'READ_CONFIG']);

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

/**
 * One structured `audit` log line per write, whatever the outcome (DESIGN "Logs"): who, from where,
 * on which cluster and object, which permission, and what came of it.
 */
export function auditHook(): onResponseHookHandler {
  return async (request, reply) => {
    const rule = request.routeAccess;
    if (!rule || !isWrite(request.method, rule.access)) return;
    const status = reply.statusCode;
    const { access } = rule;
    request.log.info(
      {
        audit: {
          user: request.identity?.username ?? 'anonymous',
          address: request.ip,
          cluster: (request.params as { cluster?: string } | undefined)?.cluster,
          target: target(request, rule.key),
          action: typeof access === 'object' ? `${access.resource}:${access.action}` : rule.key,
          route: rule.key,
          status,
          outcome: status < 400 ? 'success' : status === 401 || status === 403 ? 'refused' : 'failure',
        },
      },
      'audit',
    );
  };
}
