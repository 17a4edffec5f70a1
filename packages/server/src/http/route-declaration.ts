import type { Action, Resource, RoutePermission } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';

/**
 * Each route declares, in its own options, who may call it and how the API document names it:
 *
 *     app.get('/api/:cluster/topic', { config: { access, operation }, schema }, handler)
 *
 * The guard (auth/guard.ts) reads `access`, the OpenAPI document (openapi/document.ts) reads
 * `operation`, and `declaredRoutes` lists both for anything else that enumerates operations. A guarded
 * route without `access`, or a documented one without `operation`, stops the server at start.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    operation?: OperationDoc;
    /** A GET that changes state (AKHQ's connector pause/resume/restart): never for ambient credentials. */
    stateChangingGet?: boolean;
    /** Left out of the audit trail, with why: the MCP endpoint, whose tool calls are audited as their routes. */
    unaudited?: string;
    /** Takes OIDC providers' access tokens (`security.oidc.providers.*.accessTokens`): the MCP endpoint only. */
    accessTokens?: true;
  }
}

/**
 * One object a route names, checked by the guard before the handler runs (docs/security.md#named-checks): a
 * path parameter, a query parameter (comma-joined or repeated: every name is checked), a top-level body
 * field, or `[].field` of each element of an array body, checked on the cluster in `clusterParam` (default
 * `cluster`) with `resource` × `action` (default: the route's own). `cluster: true` says the value names a
 * cluster: the caller needs the route's resource × action on that cluster (its cluster patterns), not on
 * `:cluster`.
 */
export type NamedCheck = {
  in: 'param' | 'query' | 'body';
  key: string;
  clusterParam?: string;
  resource?: Resource;
  action?: Action;
  cluster?: true;
};

/**
 * `public`: anyone; `anyRole`: anyone holding at least one permission; otherwise resource × action on
 * the `:cluster`, plus the named-resource checks. `check` defaults to the path parameter that names
 * the resource (`:topic`, `:group`, `:subject`, `:connector`/`:name`, `:connectId` for
 * CONNECT_CLUSTER, `:id` for NODE; see named-checks.ts); give it for names in the query or body, or
 * `false` for routes that check the cluster only.
 *
 * `handled` accounts for every other object the request names, by `in.key` (`query.topics`,
 * `body.configs`, `param.principal`), or `answer` for what the answer lists: how the handler checks it
 * (filters a list, resolves a name then checks it...) or why it names nothing protected.
 * route-walk.test.ts refuses a route whose path parameters and name-like query or body keys are not
 * accounted for by `check`, `handled` or VALUE_PARAMS (named-checks.ts).
 */
export type RouteAccess =
  | 'public'
  | 'anyRole'
  | (RoutePermission & { check?: NamedCheck[] | false; handled?: Record<string, string> });

/**
 * What the OpenAPI document says of an operation that the route's own schema cannot: a stable
 * `operationId` (generated clients name their methods after it), a one-line summary, error statuses
 * beyond those derived from the route (see openapi/error-answers.ts), and answers that are not JSON.
 */
export type OperationDoc = {
  operationId: string;
  /**
   * Whether agents get this operation as an MCP tool (docs/mcp.md): `read` tools are always listed,
   * `write` and `destructive` (a write that deletes, discards or rewinds) only with `mcp.allowWrites`,
   * and `none` says why an operation is not one.
   */
  tool: 'read' | 'write' | 'destructive' | { none: string };
  summary: string;
  /** Statuses this route answers beyond the derived ones, e.g. 429 for login attempts. */
  errors?: number[];
  /** Answers that carry no JSON body (redirects), by status, with what they mean. */
  answers?: Record<number, string>;
  /** Media types of the 200 answer when it is a stream, not one JSON value (`text/event-stream`). */
  media?: string[];
  /** Media types of a request body the route reads as a stream (an uploaded file), not as one JSON value. */
  bodyMedia?: string[];
};

/** A route's input schemas, as it gives them to Fastify (the contract's zod schemas). */
export type RouteInput = { params?: ZodType; querystring?: ZodType; body?: ZodType };

/** One route as served: `METHOD /path` without the deployment prefix, and what it declares. */
export type RouteDeclaration = {
  key: string;
  method: string;
  /** The path as registered, deployment prefix included (`/kafka/api/:cluster/topic`). */
  url: string;
  access: RouteAccess;
  /** Absent for routes hidden from the document (`schema.hide`). */
  operation?: OperationDoc;
  /** What the route validates its input with: the MCP tools' input schemas come from it (docs/mcp.md). */
  input: RouteInput;
};

/**
 * Paths below the deployment prefix that are guarded; the UI's static files are not. `mcp` is the MCP
 * endpoint and `.well-known/oauth-protected-resource` its OAuth metadata (docs/mcp.md).
 */
const GUARDED =
  /^\/(?:api(?:\/|$)|health$|ready$|metrics$|login$|logout$|oauth\/|mcp$|\.well-known\/oauth-protected-resource(?:\/|$))/;

const DECLARED = new WeakMap<FastifyInstance, RouteDeclaration[]>();

/** Every guarded route the app serves, with its declaration (HEAD, which follows GET, left out). */
export const declaredRoutes = (app: FastifyInstance): readonly RouteDeclaration[] => DECLARED.get(app) ?? [];

/** `METHOD /path` of a route: no deployment prefix. */
export function routeKey(method: string, url: string, prefix: string): string {
  const path = prefix && url.startsWith(`${prefix}/`) ? url.slice(prefix.length) : url;
  return `${method} ${path === prefix ? '/' : path}`;
}

/**
 * Collects each route's declaration as it is added, and refuses to start when a guarded route declares
 * no access rule or a documented one no operation: no route can ship unguarded or undocumented.
 * Returns the declaration of one method of a route, for the guard's hooks.
 */
export function collectDeclarations(app: FastifyInstance, prefix: string) {
  const declared: RouteDeclaration[] = [];
  DECLARED.set(app, declared);
  app.addHook('onRoute', (route) => {
    const path = route.url.slice(prefix.length) || '/';
    if (!GUARDED.test(path)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const key = `${method} ${path}`;
      const { access, operation } = route.config ?? {};
      if (!access) throw new Error(`route ${key} declares no access rule (config.access)`);
      const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
      if (!hidden && !operation) throw new Error(`route ${key} declares no operation (config.operation)`);
      const { params, querystring, body } = (route.schema ?? {}) as RouteInput;
      const input = {
        ...(params ? { params } : {}),
        ...(querystring ? { querystring } : {}),
        ...(body ? { body } : {}),
      };
      declared.push({ key, method, url: route.url, access, ...(operation ? { operation } : {}), input });
    }
  });
}

/** Whether a path below the deployment prefix is guarded (the guard's own test). */
export const isGuarded = (path: string) => GUARDED.test(path);
