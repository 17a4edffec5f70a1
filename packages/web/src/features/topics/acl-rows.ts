import type { AccessControl } from '@console/contract';

export type AclRow = { id: string; principal: string; host: string; operation: string; permission: string };

/** One row per binding, principals repeated (spec part 1 §2 ACLs tab). */
export function toAclRows(list: readonly AccessControl[]): AclRow[] {
  return list.flatMap(({ principal, acls = [] }) =>
    acls.map((acl, index) => ({
      id: `${principal}#${index}`,
      principal,
      host: acl.host,
      operation: acl.operation.operation,
      permission: acl.operation.permissionType,
    })),
  );
}
