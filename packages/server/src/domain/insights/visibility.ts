import type { InsightCheck } from '@console/contract';
import type { NameFilter } from '../topics/topic-list.ts';
import type { Finding } from './finding.ts';

/** What the caller may see: topics by TOPIC READ; brokers with NODE READ; groups with CONSUMER_GROUP READ. */
export type InsightsAccess = { topics: NameFilter; nodes: boolean; groups: NameFilter | undefined };

/** Whether a finding is about objects the caller may see (a group finding naming a topic needs both). */
export const visibleTo =
  (access: InsightsAccess) =>
  (f: Finding): boolean => {
    const { type, name, topic } = f.object;
    if (type === 'topic') return access.topics(name);
    if (type === 'broker') return access.nodes;
    return !!access.groups?.(name) && (topic === undefined || access.topics(topic));
  };

/** A check the caller's rights hide entirely says so, rather than look as if it found nothing. */
export function forCaller(check: InsightCheck, access: InsightsAccess): InsightCheck {
  if (check.status !== 'RAN') return check;
  if (check.kind.startsWith('broker.') && !access.nodes)
    return { ...check, status: 'SKIPPED', reason: 'needs NODE READ on the cluster' };
  if (check.kind.startsWith('group.') && !access.groups)
    return { ...check, status: 'SKIPPED', reason: 'needs CONSUMER_GROUP READ on the cluster' };
  return check;
}
