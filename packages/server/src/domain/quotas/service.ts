import type { Quota, QuotaAlter } from '@console/contract';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { NameFilter } from '../access/roles.ts';
import { alterQuota, listQuotas } from './quotas.ts';

/** How a default entity (no name) is named to QUOTA patterns and searches. */
export const DEFAULT_ENTITY = '<default>';

/** The quota screens' operations on a cluster. */
export function quotaService(kafka: KafkaPool) {
  return {
    /** Quotas whose every entity the caller may see, with an entity name containing `search`. */
    async list(cluster: string, search: string | undefined, visible: NameFilter): Promise<Quota[]> {
      const needle = search?.toLowerCase();
      const all = await kafka.run(cluster, listQuotas);
      return all.filter(
        (q) =>
          q.entity.every((e) => visible(e.name ?? DEFAULT_ENTITY)) &&
          (!needle || q.entity.some((e) => (e.name ?? DEFAULT_ENTITY).toLowerCase().includes(needle))),
      );
    },

    alter: (cluster: string, change: QuotaAlter) => kafka.run(cluster, (admin) => alterQuota(admin, change)),
  };
}

export type QuotaService = ReturnType<typeof quotaService>;
