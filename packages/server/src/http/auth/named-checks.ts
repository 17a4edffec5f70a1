import type { Resource } from '@console/contract';
import type { NamedCheck, RouteAccess } from '../route-declaration.ts';

/**
 * The path parameter that names the object a route addresses, per resource (docs/security.md#named-checks).
 */
const NAME_PARAMS: Record<Resource, string[]> = {
  TOPIC: ['topic', 'fromTopic'],
  TOPIC_DATA: ['topic', 'fromTopic'],
  CONSUMER_GROUP: ['group', 'groupId'],
  SCHEMA: ['subject'],
  CONNECTOR: ['connector', 'name', 'definition'],
  CONNECT_CLUSTER: ['connectId'],
  NODE: ['id', 'nodeId'],
  // ACL principals come base64-encoded: http/routes/cluster/acls.ts decodes and checks them. ksqlDB servers have
  // no name patterns: they are checked with the cluster.
  ACL: [],
  KSQLDB: [],
  SHARE_GROUP: ['group'],
  // Quota entities are checked by http/routes/cluster/quotas.ts (their names are inside the body's entity).
  QUOTA: [],
  TRANSACTION: ['transactionalId'],
  // The audit trail names no object: its answer is filtered by cluster (http/routes/console/audit.ts).
  AUDIT: [],
  SCRAM_USER: ['user'],
};

/** Path parameters that are positions or versions, never the name of a protected object. */
export const VALUE_PARAMS = new Set(['partition', 'offset', 'version', 'taskId']);

/**
 * Query and body keys that name, or may name, a protected object: route-walk.test.ts requires each one
 * a route takes to be checked by the guard or accounted for in the rule's `handled`.
 */
export const NAME_KEYS = new Set([
  'topic',
  'topics',
  'toTopic',
  'group',
  'groups',
  'subject',
  'references',
  'principal',
  'name',
  'connector',
  'cluster',
  'clusterId',
  'toCluster',
  'keySchema',
  'valueSchema',
  'configs',
  'sql',
]);

/** The checks a route makes: as given in its rule, else the path parameter that names its resource. */
export function namedChecks(path: string, access: RouteAccess): NamedCheck[] {
  if (typeof access === 'string' || access.check === false) return [];
  if (access.check) return access.check;
  const params = new Set([...path.matchAll(/:(\w+)/g)].map((m) => m[1]));
  const key = NAME_PARAMS[access.resource].find((p) => params.has(p));
  return key ? [{ in: 'param', key }] : [];
}

type Parts = { params: unknown; query: unknown; body: unknown };

/**
 * The names a check reads from a request; a list in the query may repeat or be comma-joined. A body key
 * `[].topic` reads `topic` from each element of an array body.
 */
export function namesFor(check: NamedCheck, request: Parts): string[] {
  const source = check.in === 'param' ? request.params : check.in === 'query' ? request.query : request.body;
  const field = (item: unknown, key: string) =>
    typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[key] : undefined;
  const value = check.key.startsWith('[].')
    ? (Array.isArray(source) ? source : []).map((item) => field(item, check.key.slice(3)))
    : field(source, check.key);
  const values = (Array.isArray(value) ? value : [value]).filter(
    (v) => typeof v === 'string' || typeof v === 'number',
  );
  const names = values.map(String);
  return check.in === 'query' ? names.flatMap((n) => n.split(',')).filter(Boolean) : names;
}

export function clusterFor(check: NamedCheck, params: unknown): string | undefined {
  const value = (params as Record<string, unknown> | undefined)?.[check.clusterParam ?? 'cluster'];
  return typeof value === 'string' ? value : undefined;
}
