import type { Cluster, ClusterCapabilities } from '@console/contract';
import { allows, type Need, type Permissions } from '../../../auth/permissions';
import type { IconName } from '../../../components/icon';

export type MenuEntry = { area: string; label: string; icon: IconName; path: string };

type EntryRule = {
  area: string;
  label: string;
  icon: IconName;
  need?: Need;
  /** Extra condition on the cluster, and the sub-path to open. */
  target?: (cluster: Cluster) => string | undefined;
  /** The Kafka feature the entry needs; hidden when the cluster's release lacks it. */
  feature?: keyof ClusterCapabilities['features'];
};

// The side menu (docs/behaviour.md#menu-and-routes): order, labels and the READ permission each entry needs.
const rules: EntryRule[] = [
  { area: 'overview', label: 'Overview', icon: 'overview', need: ['TOPIC', 'READ'] },
  { area: 'insights', label: 'Insights', icon: 'alert', need: ['TOPIC', 'READ'] },
  { area: 'node', label: 'Nodes', icon: 'nodes', need: ['NODE', 'READ'] },
  { area: 'topic', label: 'Topics', icon: 'topics', need: ['TOPIC', 'READ'] },
  { area: 'tail', label: 'Live Tail', icon: 'tail', need: ['TOPIC_DATA', 'READ'] },
  { area: 'data-flow', label: 'Data flow', icon: 'connect', need: ['TOPIC', 'READ'] },
  { area: 'group', label: 'Consumer Groups', icon: 'groups', need: ['CONSUMER_GROUP', 'READ'] },
  {
    area: 'share-group',
    label: 'Share Groups',
    icon: 'groups',
    need: ['SHARE_GROUP', 'READ'],
    feature: 'shareGroups',
  },
  { area: 'streams-group', label: 'Streams Apps', icon: 'groups', need: ['CONSUMER_GROUP', 'READ'] },
  {
    area: 'reassignments',
    label: 'Reassignments',
    icon: 'nodes',
    need: ['TOPIC', 'READ'],
    feature: 'reassignments',
  },
  { area: 'acls', label: 'ACLS', icon: 'acls', need: ['ACL', 'READ'] },
  {
    area: 'scram-users',
    label: 'Users',
    icon: 'user',
    need: ['SCRAM_USER', 'READ'],
    feature: 'scramUsers',
  },
  { area: 'quotas', label: 'Quotas', icon: 'quotas', need: ['QUOTA', 'READ'], feature: 'clientQuotas' },
  {
    area: 'transactions',
    label: 'Transactions',
    icon: 'transactions',
    need: ['TRANSACTION', 'READ'],
    feature: 'transactions',
  },
  {
    area: 'schema',
    label: 'Schema Registry',
    icon: 'schema',
    need: ['SCHEMA', 'READ'],
    target: (c) => (c.registry && c.registryType !== 'GLUE' ? 'schema' : undefined),
  },
  {
    area: 'connect',
    label: 'Connect',
    icon: 'connect',
    need: ['CONNECTOR', 'READ'],
    target: (c) => subPath('connect', c.connects),
  },
  {
    area: 'ksqldb',
    label: 'ksqlDB',
    icon: 'ksqldb',
    need: ['KSQLDB', 'READ'],
    target: (c) => subPath('ksqldb', c.ksqldbs),
  },
  { area: 'audit', label: 'Audit', icon: 'audit', need: ['AUDIT', 'READ'] },
  { area: 'settings', label: 'Settings', icon: 'settings' },
];

function subPath(area: string, names: string[] | undefined): string | undefined {
  const first = names?.[0];
  return first === undefined ? undefined : `${area}/${encodeURIComponent(first)}`;
}

/**
 * The entries a user sees for a cluster, with router paths; `features` unknown (not read yet) hides nothing.
 */
export function menuEntries(
  cluster: Cluster,
  permissions: Permissions,
  features?: ClusterCapabilities['features'],
): MenuEntry[] {
  const base = `/${encodeURIComponent(cluster.id)}`;
  return rules.flatMap((rule) => {
    if (!allows(permissions, rule.need)) return [];
    if (rule.feature && features?.[rule.feature] === false) return [];
    const target = rule.target ? rule.target(cluster) : rule.area;
    return target === undefined
      ? []
      : [{ area: rule.area, label: rule.label, icon: rule.icon, path: `${base}/${target}` }];
  });
}
