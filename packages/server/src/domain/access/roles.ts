import type { Action, Permission, Resource } from '@console/contract';
import type { SecurityConfig } from '../../platform/config/security.ts';

type Security = Pick<SecurityConfig, 'defaultGroup' | 'groups' | 'roles'>;

/** The role each permission entry comes from, for settings given per role (`security.connectorClasses`). */
const roleOf = new WeakMap<Permission, string>();

/**
 * Expands group names into `/api/me`-style permission entries: one per binding × role entry
 * (docs/api-conventions.md#sessions-and-login).
 */
export function groupPermissions(security: Security, groupNames: readonly string[]): Permission[] {
  return [...new Set(groupNames)].flatMap((group) =>
    (security.groups[group] ?? []).flatMap((binding) =>
      (security.roles[binding.role] ?? []).map((entry) => {
        const permission = {
          resources: [...entry.resources],
          actions: [...entry.actions],
          patterns: [...binding.patterns],
          clusters: [...binding.clusters],
        };
        roleOf.set(permission, binding.role);
        return permission;
      }),
    ),
  );
}

/** The default group's bindings apply to everyone, logged in or not (docs/security.md#groups-of-a-user). */
export function effectiveGroups(security: Security, userGroups: readonly string[] = []): string[] {
  const all = security.defaultGroup === null ? [...userGroups] : [security.defaultGroup, ...userGroups];
  return [...new Set(all)];
}

/** What a caller without credentials may do: the default group's bindings, or nothing. */
export function anonymousPermissions(security: Security): Permission[] {
  return groupPermissions(security, effectiveGroups(security));
}

const compiled = new Map<string, RegExp>();
/** Config regexes match the whole name, as AKHQ's `matches()` does. */
export function fullMatch(pattern: string, value: string): boolean {
  let re = compiled.get(pattern);
  if (!re) {
    re = new RegExp(`^(?:${pattern})$`);
    compiled.set(pattern, re);
  }
  return re.test(value);
}

export type NameFilter = (name: string) => boolean;

/**
 * One caller's rights, with the three checks of docs/security.md#permission-model. With security disabled
 * nothing is checked or filtered; the roles are still reported so the console can hide what the defaults
 * forbid.
 */
export class AccessRights {
  readonly enforced: boolean;
  readonly roles: readonly Permission[];

  constructor(enforced: boolean, roles: readonly Permission[]) {
    this.enforced = enforced;
    this.roles = roles;
  }

  static unrestricted(roles: readonly Permission[] = []): AccessRights {
    return new AccessRights(false, roles);
  }

  private entries(resource: Resource, action: Action, cluster: string | undefined): Permission[] {
    return this.roles.filter(
      (p) =>
        p.resources.includes(resource) &&
        p.actions.includes(action) &&
        (cluster === undefined || p.clusters.some((c) => fullMatch(c, cluster))),
    );
  }

  /** Holds any permission at all. */
  get anyRole(): boolean {
    return !this.enforced || this.roles.length > 0;
  }

  /** Route rule: some binding grants resource × action on a cluster its regexes fully match. */
  grants(resource: Resource, action: Action, cluster?: string): boolean {
    return !this.enforced || this.entries(resource, action, cluster).length > 0;
  }

  /** Named-resource check: such a binding also has a pattern that fully matches the object's name. */
  grantsOn(resource: Resource, action: Action, cluster: string | undefined, name: string): boolean {
    return this.allow(resource, action, cluster)(name);
  }

  /** List filtering: keeps names some granting binding's patterns fully match (none when none grants). */
  allow(resource: Resource, action: Action, cluster: string | undefined): NameFilter {
    if (!this.enforced) return () => true;
    const patterns = [...new Set(this.entries(resource, action, cluster).flatMap((p) => p.patterns))];
    return (name) => patterns.some((pattern) => fullMatch(pattern, name));
  }

  /** The name patterns of the bindings granting resource × action on the cluster. */
  patterns(resource: Resource, action: Action, cluster: string | undefined): string[] {
    return this.enforced
      ? [...new Set(this.entries(resource, action, cluster).flatMap((p) => p.patterns))]
      : ['.*'];
  }

  /**
   * Connector create and update: some binding granting CONNECTOR × action on the cluster and the
   * connector's name also lets its role use the class: a role listed in `classes`
   * (`security.connectorClasses`) only the classes its regexes fully match, any other role every class.
   */
  allowsConnectorClass(
    action: Action,
    cluster: string,
    name: string,
    className: string,
    classes: Readonly<Record<string, readonly string[]>>,
  ): boolean {
    if (!this.enforced) return true;
    return this.entries('CONNECTOR', action, cluster).some((p) => {
      if (!p.patterns.some((pattern) => fullMatch(pattern, name))) return false;
      const role = roleOf.get(p);
      const allowed = role === undefined ? undefined : classes[role];
      return !allowed || allowed.some((pattern) => fullMatch(pattern, className));
    });
  }

  filter<T>(
    resource: Resource,
    action: Action,
    cluster: string | undefined,
    items: readonly T[],
    nameOf: (item: T) => string = String,
  ): T[] {
    const allow = this.allow(resource, action, cluster);
    return items.filter((item) => allow(nameOf(item)));
  }

  /** Clusters listed by `/api/cluster`: those some binding's cluster regexes fully match. */
  seesCluster(cluster: string): boolean {
    return !this.enforced || this.roles.some((p) => p.clusters.some((c) => fullMatch(c, cluster)));
  }
}
