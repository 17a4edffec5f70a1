import type { RoutePermission } from '@console/contract';

/** `public`: anyone; `anyRole`: anyone holding at least one permission; otherwise resource × action. */
export type RouteAccess = 'public' | 'anyRole' | RoutePermission;

/**
 * The one declarative table of who may call what (contract §5 matrix). Keys are `METHOD /path` as
 * registered, without the deployment prefix. A route missing here fails the server at start-up, so no
 * route can ship unguarded.
 */
export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  'GET /health': 'public',
  'GET /ready': 'public',
  'GET /metrics': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/auths': 'public',
  'GET /api/me': 'public',
  'GET /api/cluster': 'anyRole',
  'GET /api/topic/defaults-configs': 'anyRole',
  'GET /api/:cluster/ui-options': 'public',
  'GET /api/:cluster/node': { resource: 'NODE', action: 'READ' },
};
