import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/schema.ts';
import { AppError } from '../errors.ts';
import { anonymousPermissions, grants } from './roles.ts';
import { ROUTE_ACCESS, type RouteAccess } from './route-permissions.ts';

/**
 * Attaches the access rule of ROUTE_ACCESS to every route under `/api` and the ops paths, and refuses to
 * start when one is missing. With security disabled every call is allowed (contract §5).
 */
export function installGuard(app: FastifyInstance, config: Config) {
  const prefix = config.basePath.slice(0, -1);
  app.addHook('onRoute', (route) => {
    const path = route.url.slice(prefix.length) || '/';
    if (!path.startsWith('/api') && !['/health', '/ready', '/metrics'].includes(path)) return;
    // HEAD runs the GET handler, so it is guarded by the GET rule.
    const rules = new Map(
      [route.method].flat().map((method) => {
        const key = `${method === 'HEAD' ? 'GET' : method} ${path}`;
        const access = ROUTE_ACCESS[key];
        if (!access) throw new Error(`route ${key} has no entry in ROUTE_ACCESS`);
        return [method, access] as const;
      }),
    );
    const check = async (request: FastifyRequest) => {
      const access = rules.get(request.method);
      if (!access) throw new AppError('FORBIDDEN', `${request.method} is not allowed here`);
      await authorize(config, access, request);
    };
    route.preHandler = [check, ...[route.preHandler ?? []].flat()];
  });
}

async function authorize(config: Config, access: RouteAccess, request: FastifyRequest) {
  if (!config.security.enabled || access === 'public') return;
  const permissions = anonymousPermissions(config.security);
  const cluster = (request.params as { cluster?: string } | undefined)?.cluster;
  const allowed =
    access === 'anyRole'
      ? permissions.length > 0
      : grants(permissions, { resources: [access.resource], actions: [access.action], cluster });
  if (!allowed) throw new AppError('UNAUTHORIZED', 'User not authenticated or token expired');
}
