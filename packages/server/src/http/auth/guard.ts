import type { FastifyInstance, onRequestHookHandler, preValidationHookHandler } from 'fastify';
import { type Identity, refusal } from '../../domain/access/identity.ts';
import type { AccessRights } from '../../domain/access/roles.ts';
import type { Config } from '../../platform/config/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { isGuarded, type RouteAccess } from '../route-declaration.ts';
import { auditHooks } from './audit.ts';
import { Authenticator, type Caller } from './authenticator.ts';
import { refuseCrossSite } from './cross-site.ts';
import { clusterFor, namedChecks, namesFor } from './named-checks.ts';
import { takeVia } from './via.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling; null for anonymous callers and whenever security is off. */
    identity: Identity | null;
    /** How the caller authenticated, with its session when a session token was used. */
    caller: Caller | null;
    /** Registers a listener for the end (logout, expiry) of the caller's session; returns the unsubscribe. */
    onSessionEnd: ((listener: () => void) => () => void) | null;
    /**
     * The caller's rights: list services filter with `permissions.filter(...)`
     * (docs/security.md#list-filtering).
     */
    permissions: AccessRights;
    /** The key (`METHOD /path`) and access rule of the route being served. */
    routeAccess: { key: string; access: RouteAccess } | null;
  }
}

const noTokens = { sign: () => '', verify: () => undefined };

/**
 * Enforces the access rule each guarded route declares (`config.access`, route-declaration.ts, which
 * refuses to start when one is missing). On each request: who is calling (onRequest), the route rule on `:cluster` (onRequest, so a
 * refused caller never has a body parsed), then the named-resource checks (preValidation, which sees
 * the body) and the audit (onResponse, or the close of a stream left unfinished). With security disabled
 * every call is allowed.
 */
export function installGuard(
  app: FastifyInstance,
  config: Config,
  authenticator: Authenticator = new Authenticator(config, noTokens),
  auditSink?: Parameters<typeof auditHooks>[0],
) {
  app.decorateRequest('identity', null);
  app.decorateRequest('caller', null);
  app.decorateRequest('onSessionEnd', null);
  app.decorateRequest('permissions', null as unknown as AccessRights);
  app.decorateRequest('routeAccess', null);
  app.decorateRequest('via', null);
  const prefix = config.basePath.slice(0, -1);
  const audit = auditHooks(auditSink);

  app.addHook('onRoute', (route) => {
    const path = route.url.slice(prefix.length) || '/';
    if (!isGuarded(path)) return;
    // HEAD runs the GET handler, so it is guarded by the GET rule.
    const rules = new Map(
      [route.method].flat().map((method) => {
        const key = `${method === 'HEAD' ? 'GET' : method} ${path}`;
        const access = route.config?.access;
        if (!access) throw new Error(`route ${key} declares no access rule (config.access)`);
        return [method, { key, access, checks: namedChecks(path, access) }] as const;
      }),
    );

    // AKHQ's connector state changes are GETs (docs/api-conventions.md#kafka-connect); cross-site.ts says who
    // may call them.
    const stateChangingGet = route.config?.stateChangingGet === true;

    const authorize: onRequestHookHandler = async (request) => {
      const rule = rules.get(request.method);
      if (!rule) throw new AppError('FORBIDDEN', `${request.method} is not allowed here`);
      request.routeAccess = { key: rule.key, access: rule.access };
      request.via = takeVia(request);
      const caller = await authenticator.identify(request);
      refuseCrossSite(request, config, caller, stateChangingGet);
      const session = caller?.session;
      request.caller = caller;
      request.identity = caller?.identity ?? null;
      if (session) request.onSessionEnd = (listener) => authenticator.watchSession(session, listener);
      request.permissions = authenticator.rights(request.identity);
      if (!config.security.enabled) return;
      const { access } = rule;
      if (access === 'public') return;
      const cluster = (request.params as { cluster?: string } | undefined)?.cluster;
      if (access === 'anyRole') {
        if (!request.permissions.anyRole) throw refusal(request.identity, 'any resource');
        return;
      }
      if (!request.permissions.grants(access.resource, access.action, cluster)) {
        throw refusal(request.identity, `resource ${access.resource} and action ${access.action}`);
      }
    };

    const checkNames: preValidationHookHandler = async (request) => {
      const rule = rules.get(request.method);
      if (!config.security.enabled || !rule || typeof rule.access === 'string') return;
      for (const check of rule.checks) {
        const resource = check.resource ?? rule.access.resource;
        const action = check.action ?? rule.access.action;
        if (check.cluster) {
          for (const cluster of namesFor(check, request)) {
            if (!request.permissions.grants(resource, action, cluster)) {
              throw refusal(request.identity, `cluster '${cluster}' for ${resource} and action ${action}`);
            }
          }
          continue;
        }
        const cluster = clusterFor(check, request.params);
        for (const name of namesFor(check, request)) {
          if (!request.permissions.grantsOn(resource, action, cluster, name)) {
            throw refusal(request.identity, `resource ${resource} '${name}' and action ${action}`);
          }
        }
      }
    };

    route.onRequest = [authorize, audit.onRequest, ...[route.onRequest ?? []].flat()];
    route.preValidation = [checkNames, ...[route.preValidation ?? []].flat()];
    route.onResponse = [...[route.onResponse ?? []].flat(), audit.onResponse];
  });
}
