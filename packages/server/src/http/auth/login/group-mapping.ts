import type { GroupMappingConfig } from '../../../platform/config/security.ts';

/** Group and user names are compared case-insensitively (docs/security.md#groups-of-a-user). */
export const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * Console groups of an external identity (docs/security.md#groups-of-a-user): the user's own entry ∪ the
 * entries of the provider groups it belongs to ∪ the provider's default group; names compared
 * case-insensitively.
 */
export function mapGroups(
  mapping: GroupMappingConfig,
  username: string,
  providerGroups: readonly string[],
): string[] {
  const groups = new Set<string>();
  for (const entry of mapping.users) {
    if (same(entry.username, username)) for (const g of entry.groups) groups.add(g);
  }
  for (const entry of mapping.groups) {
    if (providerGroups.some((p) => same(p, entry.name))) for (const g of entry.groups) groups.add(g);
  }
  if (mapping.defaultGroup) groups.add(mapping.defaultGroup);
  return [...groups];
}
