import type { AclBinding, AclBindingCreate, AclDeleteAnswer, AclDeleteQuery } from '@console/contract';
import {
  type Acl,
  AclOperations,
  AclPermissionTypes,
  type Admin,
  ResourcePatternTypes,
  ResourceTypes,
} from '@platformatic/kafka';

import {
  operation as operationName,
  patternType as patternName,
  permission as permissionName,
  resourceType as resourceTypeName,
} from './acls.ts';

/** Kafka's own binding as the contract names its parts. */
export const toBinding = (acl: Acl): AclBinding => ({
  principal: acl.principal,
  host: acl.host,
  operation: operationName(acl.operation),
  permissionType: permissionName(acl.permissionType),
  resourceType: resourceTypeName(acl.resourceType),
  resourceName: acl.resourceName,
  patternType: patternName(acl.resourcePatternType),
});

/**
 * Creates one binding (CreateAcls). The broker's refusal (an invalid principal, a DENY with a PREFIXED
 * pattern it does not take, no authorizer) comes back as a protocol error carrying Kafka's message,
 * which the error table answers as 409 with that reason.
 */
export async function createAcl(admin: Admin, binding: AclBindingCreate): Promise<AclBinding> {
  const acl: Acl = {
    principal: binding.principal,
    host: binding.host,
    operation: AclOperations[binding.operation],
    permissionType: AclPermissionTypes[binding.permissionType],
    resourceType: ResourceTypes[binding.resourceType],
    resourceName: binding.resourceName,
    resourcePatternType: ResourcePatternTypes[binding.patternType],
  };
  await admin.createAcls({ creations: [acl] });
  return toBinding(acl);
}

/** Deletes the bindings the filter matches (DeleteAcls); the answer lists them. */
export async function deleteAcls(admin: Admin, filter: AclDeleteQuery): Promise<AclDeleteAnswer> {
  const deleted = await admin.deleteAcls({
    filters: [
      {
        principal: filter.principal,
        host: filter.host ?? null,
        operation: AclOperations[filter.operation],
        permissionType: AclPermissionTypes[filter.permissionType],
        resourceType: ResourceTypes[filter.resourceType],
        resourceName: filter.resourceName ?? null,
        resourcePatternType: ResourcePatternTypes[filter.patternType],
      },
    ],
  });
  const bindings = deleted.map(toBinding);
  return { deleted: bindings.length, bindings };
}
