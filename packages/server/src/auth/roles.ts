import type { Permission } from '@console/contract';
import type { Config } from '../config/schema.ts';

type Security = Config['security'];

/** Expands group names into `/api/me`-style permission entries: one per binding × role entry (contract §3.1). */
export function groupPermissions(security: Security, groupNames: readonly string[]): Permission[] {
  return groupNames.flatMap((group) =>
    (security.groups[group] ?? []).flatMap((binding) =>
      (security.roles[binding.role] ?? []).map((entry) => ({
        resources: [...entry.resources],
        actions: [...entry.actions],
        patterns: [...binding.patterns],
        clusters: [...binding.clusters],
      })),
    ),
  );
}

/** What a caller without credentials may do: the default group's bindings, or nothing. */
export function anonymousPermissions(security: Security): Permission[] {
  return security.defaultGroup === null ? [] : groupPermissions(security, [security.defaultGroup]);
}

const fullMatch = (pattern: string, value: string) => new RegExp(`^(?:${pattern})$`).test(value);

/** Route rule of contract §5: some entry grants resource × action on a cluster its regexes fully match. */
export function grants(
  permissions: readonly Permission[],
  need: Pick<Permission, 'resources' | 'actions'> & { cluster?: string | undefined },
): boolean {
  return permissions.some(
    (p) =>
      need.resources.every((r) => p.resources.includes(r)) &&
      need.actions.every((a) => p.actions.includes(a)) &&
      (need.cluster === undefined || p.clusters.some((c) => fullMatch(c, need.cluster as string))),
  );
}
