export type TopicTab = 'data' | 'partitions' | 'traffic' | 'groups' | 'flow' | 'configs' | 'acls' | 'logs';

/**
 * What the user may see on the topic page (docs/behaviour.md#topic-page, and the permission each call needs:
 * docs/security.md#access-matrix).
 */
export type TopicTabAccess = { data: boolean; groups: boolean; configs: boolean; acls: boolean };

const order: [TopicTab, string][] = [
  ['data', 'Data'],
  ['partitions', 'Partitions'],
  ['traffic', 'Traffic'],
  ['groups', 'Consumer Groups'],
  ['flow', 'Flow'],
  ['configs', 'Configs'],
  ['acls', 'ACLS'],
  ['logs', 'Logs'],
];

function allowed(tab: TopicTab, access: TopicTabAccess): boolean {
  return tab === 'partitions' || tab === 'traffic' || tab === 'flow' || tab === 'logs' || access[tab];
}

export function topicTabs(access: TopicTabAccess): { key: TopicTab; label: string }[] {
  return order.filter(([key]) => allowed(key, access)).map(([key, label]) => ({ key, label }));
}

/**
 * The tab to show: the requested one when allowed, else data, else configs (docs/behaviour.md#topic-page),
 * else partitions.
 */
export function topicTab(requested: string | undefined, access: TopicTabAccess): TopicTab {
  const hit = order.find(([key]) => key === requested && allowed(key, access));
  if (hit) return hit[0];
  if (access.data) return 'data';
  return access.configs ? 'configs' : 'partitions';
}
