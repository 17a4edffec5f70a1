import type { RouteAccess } from '../route-declaration.ts';

/** What each error status means, as the document says it; the body is always `ErrorEnvelope`. */
export const ERROR_MEANINGS: Record<number, string> = {
  400: 'Bad input: `fields` names each wrong field',
  401: 'Not logged in, or the credentials given are wrong',
  403: 'Logged in without the permission this needs',
  404: 'The cluster or an object the request names does not exist',
  409: 'The cluster or upstream refuses: the object exists already, is in use, is incompatible, or its name is one it does not allow',
  413: 'The body is larger than the server accepts',
  414: 'A path segment is longer than the server accepts',
  415: 'The body is not JSON',
  429: 'Too many failed attempts; try again later',
  500: 'An unexpected failure; the log has the details under the request id',
  502: 'The Schema Registry, Kafka Connect or ksqlDB server does not answer or failed',
  503: 'The cluster does not answer',
  504: 'The Schema Registry, Kafka Connect or ksqlDB server did not answer in time',
};

export type RouteShape = {
  method: string;
  /** The path as registered, without the deployment prefix (`/api/:cluster/topic/:topic`). */
  path: string;
  hasInput: boolean;
  hasBody: boolean;
  hasQuery: boolean;
  access: RouteAccess | undefined;
};

/** Paths whose answers depend on an HTTP upstream (registry, Connect, ksqlDB) besides Kafka. */
const UPSTREAM = /\/(schemas?|connects?|ksqldb|data|copy)(\/|$)/;

/**
 * The error statuses a route can answer, derived from its shape so that a new route is documented
 * right without an entry listing them: input → 400; credentials → 401, 429; permission or cross-site → 403;
 * path parameters → 404, 414;
 * query parameters (they may name objects) → 404; a body → 413, 415; a cluster → 409 (writes conflict;
 * Kafka, the registry and Connect also refuse names they do not allow, and a Connect worker refuses
 * while it rebalances) and 503; an upstream → 502, 504; always 500.
 */
export function errorStatuses(route: RouteShape, extra: number[] = []): number[] {
  const statuses = new Set<number>([500, ...extra]);
  const params = route.path.includes('/:');
  const onCluster = route.path.includes('/:cluster');
  if (route.hasInput) statuses.add(400);
  // Every documented route is guarded: wrong credentials sent with it are a 401 even where none are
  // needed, and repeated ones a 429 (the failed-login limiter); 403 where a permission is needed, and
  // for a public write from another site (auth/cross-site.ts).
  for (const s of [401, 429]) statuses.add(s);
  if (route.access !== 'public' || route.method !== 'GET') statuses.add(403);
  if (params) for (const s of [404, 414]) statuses.add(s);
  if (route.hasQuery) statuses.add(404);
  if (route.hasBody) for (const s of [413, 415]) statuses.add(s);
  if (onCluster) for (const s of [409, 503]) statuses.add(s);
  if (UPSTREAM.test(route.path)) for (const s of [502, 504]) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}
