import { type Action, can, type Me, type Resource } from '@console/contract';

export type Permissions = Partial<Record<Resource, Action[]>>;

export type Need = readonly [Resource, Action];

export function hasRoles(me: Me): boolean {
  return (me.roles?.length ?? 0) > 0;
}

export function allows(permissions: Permissions, need: Need | undefined): boolean {
  return need === undefined || can(permissions, need[0], need[1]);
}

/**
 * Name the session is shown under (docs/behaviour.md#session: 'default' for anonymous with roles, else
 * 'not_logged').
 */
export function sessionUser(me: Me): string {
  if (me.logged && me.username) return me.username;
  return hasRoles(me) ? 'default' : 'not_logged';
}

// '/', '/ui' and '/ui/401' redirect by role, in this order (docs/behaviour.md#menu-and-routes).
const landingOrder: readonly [Resource, string][] = [
  ['TOPIC', 'overview'],
  ['NODE', 'node'],
  ['CONSUMER_GROUP', 'group'],
  ['ACL', 'acls'],
  ['SCHEMA', 'schema'],
];

/** Router path (below the `{basePath}ui` basename) a user lands on for a cluster. */
export function landingPath(permissions: Permissions, anyRoles: boolean, clusterId: string): string {
  if (!anyRoles) return '/login';
  const base = `/${encodeURIComponent(clusterId)}`;
  const hit = landingOrder.find(([resource]) => can(permissions, resource, 'READ'));
  return `${base}/${hit ? hit[1] : 'topic'}`;
}
