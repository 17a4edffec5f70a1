import type { AccessControl, AclBindingCreate, AclDeleteQuery } from '@console/contract';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { NameFilter } from '../access/roles.ts';
import { nameMatcher } from '../topics/topic-naming.ts';
import { allAcls, principalAcls } from './acls.ts';
import { createAcl, deleteAcls } from './write.ts';

/** A principal as ACLs name one, `Type:name`; Kafka refuses a filter naming anything else. */
const PRINCIPAL = /^[^:\s]+:.+$/;

/** The ACL screens' operations on a cluster. */
export function aclService(kafka: KafkaPool) {
  return {
    /** Every ACL whose principal the caller may see and `search` matches. */
    async list(cluster: string, search: string | undefined, visible: NameFilter): Promise<AccessControl[]> {
      const matches = nameMatcher(search);
      const all = await kafka.run(cluster, allAcls);
      return all.filter((a) => visible(a.principal) && matches(a.principal));
    },

    /** One principal's ACLs; a name no ACL can have answers none, once the cluster is known to exist. */
    async principal(
      cluster: string,
      principal: string,
      resourceType: Parameters<typeof principalAcls>[2],
    ): Promise<AccessControl> {
      if (!PRINCIPAL.test(principal)) {
        await kafka.run(cluster, async () => undefined);
        return { principal };
      }
      return kafka.run(cluster, (admin) => principalAcls(admin, principal, resourceType));
    },

    create: (cluster: string, binding: AclBindingCreate) =>
      kafka.run(cluster, (admin) => createAcl(admin, binding)),

    delete: (cluster: string, filter: AclDeleteQuery) =>
      kafka.run(cluster, (admin) => deleteAcls(admin, filter)),
  };
}

export type AclService = ReturnType<typeof aclService>;
