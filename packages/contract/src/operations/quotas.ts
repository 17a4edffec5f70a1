import { z } from 'zod';
import { onFirstUse } from '../common/on-first-use.ts';

/** Client quota keys the console sets (KIP-546); the broker refuses a key an entity type does not take. */
export const QuotaKey = z.enum([
  'producer_byte_rate',
  'consumer_byte_rate',
  'request_percentage',
  'connection_creation_rate',
]);
export type QuotaKey = z.infer<typeof QuotaKey>;

export const QuotaEntityType = z.enum(['user', 'client-id', 'ip']);
export type QuotaEntityType = z.infer<typeof QuotaEntityType>;

/**
 * One part of whom a quota applies to. `name: null` is the default entity of its type (the
 * `--entity-default` of kafka-configs.sh): it applies to every user (client id, IP) without its own.
 */
export const QuotaEntityPart = onFirstUse(() =>
  z.object({
    type: QuotaEntityType,
    name: z.string().min(1).max(255).nullable(),
  }),
);
export type QuotaEntityPart = z.infer<typeof QuotaEntityPart>;
/** A user, a client id, a user and client id, or an IP address (the broker refuses other mixes). */
export const QuotaEntity = onFirstUse(() =>
  z.array(QuotaEntityPart).min(1).max(2).meta({ id: 'QuotaEntity' }),
);
export type QuotaEntity = z.infer<typeof QuotaEntity>;

export const Quota = onFirstUse(() =>
  z
    .object({ entity: QuotaEntity, quotas: z.partialRecord(QuotaKey, z.number()) })
    .meta({ id: 'Quota', description: 'The quotas set for one entity' }),
);
export type Quota = z.infer<typeof Quota>;
export const QuotaList = onFirstUse(() => z.array(Quota));

/** `POST /api/{cluster}/quotas`: sets the keys given a number, removes those given `null`. */
export const QuotaAlter = onFirstUse(() =>
  z
    .object({
      entity: QuotaEntity,
      quotas: z.partialRecord(QuotaKey, z.number().min(0).max(1e15).nullable()),
    })
    .meta({ id: 'QuotaAlter' }),
);
export type QuotaAlter = z.infer<typeof QuotaAlter>;

/** `GET /api/{cluster}/quotas`: `search` keeps entities with a name containing it. */
export const QuotaListQuery = onFirstUse(() =>
  z.object({
    search: z.string().max(255).optional().meta({ description: 'Part of a user, client id or IP' }),
  }),
);
