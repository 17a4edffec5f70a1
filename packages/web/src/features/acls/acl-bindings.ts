import type { AccessControl } from '@console/contract';

export type AclBinding = {
  id: string;
  principal: string;
  resourceType: string;
  resource: string;
  patternType: string;
  host: string;
  operation: string;
  permission: string;
};

/** One row per binding of each principal. */
export function toAclBindings(list: readonly AccessControl[]): AclBinding[] {
  return list.flatMap(({ principal, acls = [] }) =>
    acls.map((acl, index) => ({
      id: `${principal}#${index}`,
      principal,
      resourceType: acl.resource.resourceType,
      resource: acl.resource.name,
      patternType: acl.resource.patternType,
      host: acl.host,
      operation: acl.operation.operation,
      permission: acl.operation.permissionType,
    })),
  );
}

export const noAclsText =
  'No ACLS found, or the "authorizer.class.name" parameter is not configured on the cluster.';
