import { z } from 'zod';
import { ClusterParams } from '../cluster.ts';
import { onFirstUse } from '../common/on-first-use.ts';

const brokerId = z.number().int().min(0).max(2_147_483_647);
const partition = z.number().int().min(0).max(2_147_483_647);
const topic = z.string().min(1).max(249);
/** Bytes per second a throttled replica may copy at (leader and follower rate of each broker involved). */
const throttle = z
  .number()
  .int()
  .min(1024)
  .max(Number.MAX_SAFE_INTEGER)
  .optional()
  .meta({ description: 'Replication throttle in bytes/s for the moving replicas; omitted: unthrottled' });

/** One partition being moved (ListPartitionReassignments), with how far its new replicas have come. */
export const Reassignment = onFirstUse(() =>
  z
    .object({
      topic: z.string(),
      partition: z.number().int(),
      replicas: z.array(z.number().int()).meta({ description: 'Target and current replicas together' }),
      addingReplicas: z.array(z.number().int()),
      removingReplicas: z.array(z.number().int()),
      isr: z.array(z.number().int()).meta({ description: 'In-sync replicas now' }),
      inSyncAdding: z
        .number()
        .int()
        .meta({ description: 'How many of addingReplicas are already in sync: the progress' }),
    })
    .meta({ id: 'Reassignment' }),
);
export type Reassignment = z.infer<typeof Reassignment>;

/** `GET /api/{cluster}/reassignments`: the ongoing moves and the throttle the brokers carry. */
export const ReassignmentList = onFirstUse(() =>
  z
    .object({
      reassignments: z.array(Reassignment),
      throttles: z
        .array(
          z.object({
            broker: z.number().int(),
            leaderRate: z.number().optional(),
            followerRate: z.number().optional(),
          }),
        )
        .meta({ description: 'Brokers with a replication throttle set' }),
    })
    .meta({ id: 'ReassignmentList' }),
);
export type ReassignmentList = z.infer<typeof ReassignmentList>;

/** `POST /api/{cluster}/reassignments`: the new replica list of each partition. */
export const ReassignmentRequest = onFirstUse(() =>
  z.object({
    partitions: z
      .array(
        z.object({
          topic,
          partition,
          replicas: z
            .array(brokerId)
            .min(1, 'give at least one broker')
            .max(64)
            .refine((r) => new Set(r).size === r.length, 'a broker may appear once')
            .meta({ uniqueItems: true }),
        }),
      )
      .min(1, 'give at least one partition')
      .max(10_000),
    throttle,
  }),
);
export type ReassignmentRequest = z.infer<typeof ReassignmentRequest>;

/** `DELETE /api/{cluster}/reassignments`: the partitions whose move is cancelled. */
export const ReassignmentCancel = onFirstUse(() =>
  z.object({
    partitions: z.array(z.object({ topic, partition })).min(1, 'give at least one partition').max(10_000),
  }),
);
export type ReassignmentCancel = z.infer<typeof ReassignmentCancel>;

/** Kafka's answer per partition: null error means accepted. */
export const ReassignmentResult = onFirstUse(() =>
  z
    .object({
      partitions: z.array(
        z.object({ topic: z.string(), partition: z.number().int(), error: z.string().nullable() }),
      ),
    })
    .meta({ id: 'ReassignmentResult' }),
);
export type ReassignmentResult = z.infer<typeof ReassignmentResult>;

export const ReplicationParams = ClusterParams.extend({ topic });

/** `POST /api/{cluster}/topic/{topic}/replication`: a new replication factor for every partition. */
export const ReplicationChange = onFirstUse(() =>
  z.object({
    replicationFactor: z.number().int().min(1).max(64),
    throttle,
  }),
);
export type ReplicationChange = z.infer<typeof ReplicationChange>;

/** The plan a replication factor change sent, with Kafka's answer per partition. */
export const ReplicationChangeResult = onFirstUse(() =>
  z
    .object({
      partitions: z.array(
        z.object({
          topic: z.string(),
          partition: z.number().int(),
          replicas: z.array(z.number().int()),
          error: z.string().nullable(),
        }),
      ),
    })
    .meta({ id: 'ReplicationChangeResult' }),
);
export type ReplicationChangeResult = z.infer<typeof ReplicationChangeResult>;
