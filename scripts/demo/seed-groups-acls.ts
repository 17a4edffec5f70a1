import {
  AclOperations,
  AclPermissionTypes,
  Admin,
  ResourcePatternTypes,
  ResourceTypes,
} from '@platformatic/kafka';
import type { Endpoints } from './endpoints.ts';
import type { DEMO_TOPICS } from './seed-topics.ts';

/** Consumer groups with committed offsets behind the log end (so they show lag), and a few ACLs. */
export async function seedGroupsAndAcls(endpoints: Endpoints, topics: typeof DEMO_TOPICS): Promise<void> {
  const admin = new Admin({ clientId: 'demo', bootstrapBrokers: [endpoints.bootstrap] });
  const commit = (groupId: string, topic: string, offsets: number[]) =>
    admin.alterConsumerGroupOffsets({
      groupId,
      topics: [
        { name: topic, partitionOffsets: offsets.map((o, partition) => ({ partition, offset: BigInt(o) })) },
      ],
    });
  await commit('demo.billing', topics.orders, [40, 75, 100]);
  await commit('demo.shipping', topics.orders, [100, 100, 100]);
  await commit('demo.payments-audit', topics.payments, [60]);

  const acl = (
    principal: string,
    resourceType: number,
    name: string,
    operation: number,
    prefixed = false,
  ) => ({
    principal,
    host: '*',
    resourceType,
    resourceName: name,
    resourcePatternType: prefixed ? ResourcePatternTypes.PREFIXED : ResourcePatternTypes.LITERAL,
    operation,
    permissionType: AclPermissionTypes.ALLOW,
  });
  await admin.createAcls({
    creations: [
      acl('User:alice', ResourceTypes.TOPIC, topics.orders, AclOperations.READ),
      acl('User:alice', ResourceTypes.GROUP, 'demo.billing', AclOperations.READ),
      acl('User:bob', ResourceTypes.TOPIC, 'demo.', AclOperations.WRITE, true),
      acl('User:bob', ResourceTypes.TRANSACTIONAL_ID, 'demo-tx', AclOperations.WRITE),
      acl('User:ops', ResourceTypes.CLUSTER, 'kafka-cluster', AclOperations.DESCRIBE),
    ] as Parameters<typeof admin.createAcls>[0]['creations'],
  });
  await admin.close();
}
