import type { TopologyNode } from '@console/contract';
import type { AccessRights } from '../access/roles.ts';

/**
 * Which nodes the caller may see, each by its own kind's READ (docs/topology.md#permissions): topics by
 * TOPIC, consumer and streams groups by CONSUMER_GROUP, share groups by SHARE_GROUP, connectors by
 * CONNECTOR on their name, queries by KSQLDB on the cluster, producers by TRANSACTION on their
 * transactional id (a nameless idempotent producer by TRANSACTION READ on the cluster).
 */
export function visibleTo(rights: AccessRights, cluster: string): (node: TopologyNode) => boolean {
  const topic = rights.allow('TOPIC', 'READ', cluster);
  const group = rights.allow('CONSUMER_GROUP', 'READ', cluster);
  const share = rights.allow('SHARE_GROUP', 'READ', cluster);
  const connector = rights.allow('CONNECTOR', 'READ', cluster);
  const ksqldb = rights.grants('KSQLDB', 'READ', cluster);
  const transaction = rights.allow('TRANSACTION', 'READ', cluster);
  const anyTransaction = rights.grants('TRANSACTION', 'READ', cluster);
  return (node) => {
    switch (node.kind) {
      case 'topic':
        return topic(node.name);
      case 'consumer-group':
      case 'streams-group':
        return group(node.name);
      case 'share-group':
        return share(node.name);
      case 'connector':
        return connector(node.name);
      case 'ksqldb-query':
        return ksqldb;
      case 'producer':
        return node.id.startsWith('producer:#') ? anyTransaction : transaction(node.name);
    }
  };
}
