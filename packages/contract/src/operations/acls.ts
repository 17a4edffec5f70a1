import { z } from 'zod';
import { ClusterParams } from '../cluster.ts';
import { caseInsensitiveEnum } from '../common/enums.ts';
import { onFirstUse } from '../common/on-first-use.ts';

export const AclOperation = z.enum([
  'UNKNOWN',
  'ANY',
  'ALL',
  'READ',
  'WRITE',
  'CREATE',
  'DELETE',
  'ALTER',
  'DESCRIBE',
  'CLUSTER_ACTION',
  'DESCRIBE_CONFIGS',
  'ALTER_CONFIGS',
  'IDEMPOTENT_WRITE',
  'CREATE_TOKENS',
  'DESCRIBE_TOKENS',
  'TWO_PHASE_COMMIT',
]);
export const AclPermissionType = z.enum(['UNKNOWN', 'ANY', 'DENY', 'ALLOW']);
const RESOURCE_TYPES = [
  'UNKNOWN',
  'ANY',
  'TOPIC',
  'GROUP',
  'CLUSTER',
  'TRANSACTIONAL_ID',
  'DELEGATION_TOKEN',
  'USER',
] as const;
export const AclResourceType = z.enum(RESOURCE_TYPES);
export const AclPatternType = z.enum(['UNKNOWN', 'ANY', 'MATCH', 'LITERAL', 'PREFIXED']);

export const Acl = onFirstUse(() =>
  z.object({
    host: z.string(),
    operation: z.object({ operation: AclOperation, permissionType: AclPermissionType }),
    resource: z.object({ resourceType: AclResourceType, name: z.string(), patternType: AclPatternType }),
  }),
);
export type Acl = z.infer<typeof Acl>;

/** The ACL bindings of one principal (docs/api-conventions.md#access-control). */
export const AccessControl = onFirstUse(() =>
  z.object({ principal: z.string(), acls: z.array(Acl).optional() }).meta({ id: 'AccessControl' }),
);
export type AccessControl = z.infer<typeof AccessControl>;
export const AccessControlList = onFirstUse(() => z.array(AccessControl));

/** `GET /api/{cluster}/acls`. */
export const AclListQuery = onFirstUse(() =>
  z.object({
    search: z
      .string()
      .optional()
      .meta({ description: 'Space-separated terms; every one must be in the principal' }),
  }),
);
export const PrincipalParams = ClusterParams.extend({
  principal: z
    .string()
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be the base64 of a principal such as User:alice')
    .meta({ description: 'The principal (e.g. User:alice) in standard base64' }),
});
export const PrincipalQuery = onFirstUse(() =>
  z.object({
    resourceType: caseInsensitiveEnum(RESOURCE_TYPES)
      .optional()
      .meta({ description: 'ANY (default), TOPIC, GROUP, CLUSTER, …' }),
  }),
);
