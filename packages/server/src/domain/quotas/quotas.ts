import type { Quota, QuotaAlter, QuotaKey } from '@console/contract';
import { type Admin, ClientQuotaMatchTypes } from '@platformatic/kafka';
import { untilShown } from '../../kafka/settled.ts';

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

/**
 * Sets and removes keys of one entity's quotas (AlterClientQuotas); a refusal carries Kafka's reason.
 * Answers once the broker shows the change, so the list read right after has it.
 */
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
  const shows = (values: ReadonlyMap<string, number>) =>
    Object.entries(change.quotas).every(([key, value]) =>
      value === null || value === undefined ? !values.has(key) : values.get(key) === value,
    );
  await untilShown(() => entityQuotas(admin, change.entity), shows);
}

/** One entity's quotas exactly (a default entity, `name: null`, as itself), by key. */
async function entityQuotas(admin: Admin, entity: QuotaAlter['entity']): Promise<Map<string, number>> {
  const found = await admin.describeClientQuotas({
    components: entity.map((e) =>
      e.name === null
        ? { entityType: e.type, matchType: ClientQuotaMatchTypes.DEFAULT }
        : { entityType: e.type, matchType: ClientQuotaMatchTypes.EXACT, match: e.name },
    ),
    strict: true,
  });
  return new Map(found.flatMap((entry) => entry.values.map((v) => [v.key, v.value] as const)));
}
