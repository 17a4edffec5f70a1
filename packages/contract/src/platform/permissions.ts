import { z } from 'zod';
import { onFirstUse } from '../common/on-first-use.ts';

/** The resources and actions a role grants (docs/security.md#roles-groups-and-bindings). */
export const Resource = z.enum([
  'TOPIC',
  'TOPIC_DATA',
  'CONSUMER_GROUP',
  'CONNECT_CLUSTER',
  'CONNECTOR',
  'SCHEMA',
  'NODE',
  'ACL',
  'KSQLDB',
  'SHARE_GROUP',
  'QUOTA',
  'TRANSACTION',
  'AUDIT',
  'SCRAM_USER',
]);
export type Resource = z.infer<typeof Resource>;

export const Action = z.enum([
  'READ',
  'CREATE',
  'UPDATE',
  'DELETE',
  'UPDATE_OFFSET',
  'DELETE_OFFSET',
  'READ_CONFIG',
  'ALTER_CONFIG',
  'DELETE_VERSION',
  'UPDATE_STATE',
  'EXECUTE',
  'REASSIGN',
  'ABORT',
]);
export type Action = z.infer<typeof Action>;

/** One role entry bound to name and cluster patterns, as `/api/me` reports it. */
export const Permission = onFirstUse(() =>
  z.object({
    resources: z.array(Resource),
    actions: z.array(Action),
    patterns: z.array(z.string()),
    clusters: z.array(z.string()),
  }),
);
export type Permission = z.infer<typeof Permission>;

/** What a route or stream needs; the server checks it, the UI only hides what would be refused. */
export type RoutePermission = { resource: Resource; action: Action };

/** Flattens `/api/me` roles into `{RESOURCE: [ACTIONS]}` for a cluster, as the console gates screens. */
export function permissionMap(
  roles: readonly Permission[],
  cluster?: string,
): Partial<Record<Resource, Action[]>> {
  const map: Partial<Record<Resource, Action[]>> = {};
  for (const role of roles) {
    if (cluster !== undefined && !role.clusters.some((c) => new RegExp(`^(?:${c})$`).test(cluster))) continue;
    for (const resource of role.resources) {
      const actions = new Set([...(map[resource] ?? []), ...role.actions]);
      map[resource] = [...actions];
    }
  }
  return map;
}

export function can(map: Partial<Record<Resource, Action[]>>, resource: Resource, action: Action): boolean {
  return map[resource]?.includes(action) ?? false;
}
