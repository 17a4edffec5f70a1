import type { AclBinding, AclBindingCreate, AclDeleteAnswer, AclDeleteQuery } from '@console/contract';
import {
  type Acl,
  AclOperations,
  AclPermissionTypes,
  type Admin,
  ResourcePatternTypes,
  ResourceTypes,
} from '@platformatic/kafka';
import { untilShown } from '../../kafka/settled.ts';
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
 * which the error table answers as 409 with that reason. Answers once the broker lists the binding, so the
 * list read right after has it.
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
  await untilShown(
    () => admin.describeAcls({ filter: acl }),
    (found) => found.some((r) => r.acls.length > 0),
  );
  return toBinding(acl);
}

/**
 * Deletes the bindings the filter matches (DeleteAcls); the answer lists them. Answers once the broker no
 * longer lists them, so the list read right after is without them.
 */
export async function deleteAcls(admin: Admin, query: AclDeleteQuery): Promise<AclDeleteAnswer> {
  const filter = {
    principal: query.principal,
    host: query.host ?? null,
    operation: AclOperations[query.operation],
    permissionType: AclPermissionTypes[query.permissionType],
    resourceType: ResourceTypes[query.resourceType],
    resourceName: query.resourceName ?? null,
    resourcePatternType: ResourcePatternTypes[query.patternType],
  };
  const bindings = (await admin.deleteAcls({ filters: [filter] })).map(toBinding);
  if (bindings.length) {
    const gone = new Set(bindings.map((b) => JSON.stringify(b)));
    await untilShown(
      () => admin.describeAcls({ filter }),
      (found) => !bindingsOf(found).some((b) => gone.has(JSON.stringify(b))),
    );
  }
  return { deleted: bindings.length, bindings };
}

/** DescribeAcls's answer, one binding per ACL, named as the contract names them. */
const bindingsOf = (found: Awaited<ReturnType<Admin['describeAcls']>>): AclBinding[] =>
  found.flatMap((r) =>
    r.acls.map((a) =>
      toBinding({
        ...a,
        resourceType: r.resourceType,
        resourceName: r.resourceName,
        resourcePatternType: r.resourcePatternType,
      }),
    ),
  );
