import type { Insight, InsightKind, InsightSeverity } from '@console/contract';
import type { BadgeTone } from '../../components/badge';

const enc = encodeURIComponent;

export const KIND_LABELS: Record<InsightKind, string> = {
  'partition.offline': 'Offline partitions',
  'partition.under-min-isr': 'Under min ISR',
  'partition.under-replicated': 'Under-replicated partitions',
  'topic.min-isr-above-rf': 'acks=all impossible',
  'topic.replication-factor-one': 'Replication factor 1',
  'topic.unclean-leader-election': 'Unclean leader election',
  'broker.leader-skew': 'Leader skew',
  'broker.size-skew': 'Size skew',
  'topic.unused': 'Unused topic',
  'group.lag-growing': 'Lag growing',
  'group.offsets-expiring': 'Offsets may expire',
};

export const SEVERITY_TONES: Record<InsightSeverity, BadgeTone> = {
  critical: 'danger',
  warning: 'warning',
  info: 'info',
};

export const SEVERITY_LABELS: Record<InsightSeverity, string> = {
  critical: 'Critical',
  warning: 'Warning',
  info: 'Info',
};

/** The screen of a finding's object: the topic (its partitions tab for partition findings), group or node. */
export function objectPath(cluster: string, object: Insight['object'], kind: InsightKind): string {
  const base = `/${enc(cluster)}`;
  if (object.type === 'broker') return `${base}/node/${enc(object.name)}`;
  if (object.type === 'group') return `${base}/group/${enc(object.name)}`;
  return `${base}/topic/${enc(object.name)}${kind.startsWith('partition.') ? '/partitions' : ''}`;
}

export const OBJECT_TYPE_LABELS: Record<Insight['object']['type'], string> = {
  topic: 'Topic',
  group: 'Group',
  broker: 'Broker',
};
