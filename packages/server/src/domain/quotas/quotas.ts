import type { Quota, QuotaAlter, QuotaKey } from '@console/contract';
import { type Admin, ClientQuotaMatchTypes } from '@platformatic/kafka';

const KEYS = new Set<string>([
  'producer_byte_rate',
  'consumer_byte_rate',
  'request_percentage',
  'connection_creation_rate',
]);

/**
 * Every client quota of the cluster (DescribeClientQuotas matching any user, any client id, any IP),
 * default entities included (`name: null`). Two requests: Kafka refuses an IP component beside the others.
 */
export async function listQuotas(admin: Admin): Promise<Quota[]> {
  const [users, ips] = await Promise.all([
    admin.describeClientQuotas({
      components: [{ entityType: 'user', matchType: ClientQuotaMatchTypes.ANY }],
      strict: false,
    }),
    admin.describeClientQuotas({
      components: [{ entityType: 'ip', matchType: ClientQuotaMatchTypes.ANY }],
      strict: false,
    }),
  ]);
  const clientIds = await admin.describeClientQuotas({
    components: [{ entityType: 'client-id', matchType: ClientQuotaMatchTypes.ANY }],
    strict: false,
  });
  const seen = new Map<string, Quota>();
  for (const entry of [...users, ...clientIds, ...ips]) {
    const entity = [...entry.entity]
      .sort((a, b) => a.entityType.localeCompare(b.entityType))
      .reverse()
      .map((e) => ({ type: e.entityType, name: e.entityName ?? null }));
    const quotas: Partial<Record<QuotaKey, number>> = {};
    for (const v of entry.values) if (KEYS.has(v.key)) quotas[v.key as QuotaKey] = v.value;
    if (Object.keys(quotas).length) seen.set(JSON.stringify(entity), { entity, quotas });
  }
  return [...seen.values()].sort((a, b) => label(a).localeCompare(label(b)));
}

const label = (q: Quota) => q.entity.map((e) => `${e.type}=${e.name ?? '<default>'}`).join(',');

/** Sets and removes keys of one entity's quotas (AlterClientQuotas); a refusal carries Kafka's reason. */
export async function alterQuota(admin: Admin, change: QuotaAlter): Promise<void> {
  await admin.alterClientQuotas({
    entries: [
      {
        entities: change.entity.map((e) => ({ entityType: e.type, entityName: e.name })),
        ops: Object.entries(change.quotas).map(([key, value]) =>
          value === null || value === undefined
            ? { key: key as QuotaKey, remove: true as const }
            : { key: key as QuotaKey, value, remove: false as const },
        ),
      },
    ],
  });
}
