import { z } from 'zod';
import { onFirstUse } from '../common/on-first-use.ts';
import { AclOperation, AclPatternType, AclPermissionType, AclResourceType } from './acls.ts';

/** A principal as Kafka's authorizer names one: `Type:name` (`User:alice`, `User:*`). */
const Principal = z
  .string()
  .regex(/^[^:\s]+:\S.*$/, 'must be Type:name, such as User:alice')
  .max(1024)
  .meta({ description: 'Type:name, such as User:alice or User:*' });

/** The resource types a binding can name (not the filter-only ANY or UNKNOWN). */
export const AclBindingResourceType = AclResourceType.exclude(['ANY', 'UNKNOWN']);
/** The operations a binding can grant (not the filter-only ANY or UNKNOWN). */
export const AclBindingOperation = AclOperation.exclude(['ANY', 'UNKNOWN']);

/** `POST /api/{cluster}/acls`: one ACL binding to create. */
export const AclBindingCreate = onFirstUse(() =>
  z
    .object({
      resourceType: AclBindingResourceType,
      resourceName: z.string().min(1).max(1024),
      patternType: z.enum(['LITERAL', 'PREFIXED']).default('LITERAL'),
      principal: Principal,
      host: z.string().min(1).max(255).default('*'),
      operation: AclBindingOperation,
      permissionType: z.enum(['ALLOW', 'DENY']).default('ALLOW'),
    })
    .meta({ id: 'AclBindingCreate' }),
);
export type AclBindingCreate = z.infer<typeof AclBindingCreate>;

/** One binding with its principal, as the create and delete answers give it. */
export const AclBinding = onFirstUse(() =>
  z
    .object({
      principal: z.string(),
      host: z.string(),
      operation: AclOperation,
      permissionType: AclPermissionType,
      resourceType: AclResourceType,
      resourceName: z.string(),
      patternType: AclPatternType,
    })
    .meta({ id: 'AclBinding' }),
);
export type AclBinding = z.infer<typeof AclBinding>;

/**
 * `DELETE /api/{cluster}/acls`: a filter. The principal is required (a filter without one would delete
 * every principal's bindings); every other field left out matches anything.
 */
export const AclDeleteQuery = onFirstUse(() =>
  z.object({
    principal: Principal,
    resourceType: AclResourceType.default('ANY'),
    resourceName: z.string().min(1).max(1024).optional(),
    patternType: AclPatternType.exclude(['UNKNOWN']).default('ANY'),
    host: z.string().min(1).max(255).optional(),
    operation: AclOperation.exclude(['UNKNOWN']).default('ANY'),
    permissionType: AclPermissionType.exclude(['UNKNOWN']).default('ANY'),
  }),
);
export type AclDeleteQuery = z.infer<typeof AclDeleteQuery>;

export const AclDeleteAnswer = onFirstUse(() =>
  z.object({ deleted: z.number().int(), bindings: z.array(AclBinding) }).meta({ id: 'AclDeleteAnswer' }),
);
export type AclDeleteAnswer = z.infer<typeof AclDeleteAnswer>;
