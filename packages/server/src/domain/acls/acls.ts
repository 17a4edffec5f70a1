import type { AccessControl, Acl } from '@console/contract';
import {
  type AclFilter,
  AclOperations,
  AclPermissionTypes,
  type Admin,
  findErrorBy,
  ResourcePatternTypes,
  ResourceTypes,
} from '@platformatic/kafka';

const nameOf = <T extends Record<string, number>>(codes: T) => {
  const names = new Map(Object.entries(codes).map(([name, code]) => [code, name]));
  return (code: number) => (names.get(code) ?? 'UNKNOWN') as keyof T & string;
};
/** Kafka's ACL codes by name, as the contract spells them (acls/write.ts uses them too). */
export const operation = nameOf(AclOperations);
export const permission = nameOf(AclPermissionTypes);
export const resourceType = nameOf(ResourceTypes);
export const patternType = nameOf(ResourcePatternTypes);

/**
 * ACL bindings matching `filter`, one AccessControl per principal, sorted. A cluster without an authorizer
 * answers SECURITY_DISABLED: that is "no ACLs", an empty list, not an error (docs/api-conventions.md#acls).
 */
export async function describeAccessControls(admin: Admin, filter: AclFilter): Promise<AccessControl[]> {
  let resources: Awaited<ReturnType<Admin['describeAcls']>>;
  try {
    resources = await admin.describeAcls({ filter });
  } catch (error) {
    if (findErrorBy(error as Error, 'apiId', 'SECURITY_DISABLED')) return [];
    throw error;
  }
  const byPrincipal = new Map<string, Acl[]>();
  for (const r of resources) {
    for (const a of r.acls) {
      const acls = byPrincipal.get(a.principal) ?? [];
      acls.push({
        host: a.host,
        operation: { operation: operation(a.operation), permissionType: permission(a.permissionType) },
        resource: {
          resourceType: resourceType(r.resourceType),
          name: r.resourceName,
          patternType: patternType(r.resourcePatternType),
        },
      });
      byPrincipal.set(a.principal, acls);
    }
  }
  return [...byPrincipal]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([principal, acls]) => ({ principal, ...(acls.length ? { acls } : {}) }));
}

/** Bindings whose resource is this topic, literal or prefixed with exactly its name (AKHQ's ANY filter). */
export function topicAcls(admin: Admin, topic: string): Promise<AccessControl[]> {
  return describeAccessControls(admin, {
    resourceType: ResourceTypes.TOPIC,
    resourceName: topic,
    resourcePatternType: ResourcePatternTypes.ANY,
    principal: null,
    host: null,
    operation: AclOperations.ANY,
    permissionType: AclPermissionTypes.ANY,
  });
}

const everything = {
  resourceName: null,
  resourcePatternType: ResourcePatternTypes.ANY,
  host: null,
  operation: AclOperations.ANY,
  permissionType: AclPermissionTypes.ANY,
};

/** Every binding of the cluster, one AccessControl per principal (docs/api-conventions.md#acls). */
export function allAcls(admin: Admin): Promise<AccessControl[]> {
  return describeAccessControls(admin, { ...everything, resourceType: ResourceTypes.ANY, principal: null });
}

/**
 * One principal's bindings, of one resource type or all (docs/api-conventions.md#acls); none is an empty
 * list.
 */
export async function principalAcls(
  admin: Admin,
  principal: string,
  type: keyof typeof ResourceTypes | undefined,
): Promise<AccessControl> {
  const [found] = await describeAccessControls(admin, {
    ...everything,
    resourceType: ResourceTypes[type ?? 'ANY'],
    principal,
  });
  return found ?? { principal };
}

/** Bindings whose resource is this consumer group (docs/api-conventions.md#consumer-groups). */
export function groupAcls(admin: Admin, group: string): Promise<AccessControl[]> {
  return describeAccessControls(admin, {
    ...everything,
    resourceType: ResourceTypes.GROUP,
    resourceName: group,
    principal: null,
  });
}
