import type { Quota, QuotaEntity, QuotaKey } from '@console/contract';

export const quotaKeyLabels: Record<QuotaKey, string> = {
  producer_byte_rate: 'Produce (bytes/s)',
  consumer_byte_rate: 'Fetch (bytes/s)',
  request_percentage: 'Request time (%)',
  connection_creation_rate: 'New connections (/s)',
};
export const quotaKeys = Object.keys(quotaKeyLabels) as QuotaKey[];

const typeLabels = { user: 'User', 'client-id': 'Client id', ip: 'IP' } as const;

/** `User alice`, `User <default> · Client id app`: a default entity is Kafka's `<default>`. */
export function entityLabel(entity: QuotaEntity): string {
  return entity.map((e) => `${typeLabels[e.type]} ${e.name ?? '<default>'}`).join(' · ');
}

export const quotaRowId = (q: Quota) => entityLabel(q.entity);
