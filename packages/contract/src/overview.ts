import { z } from 'zod';
import { onFirstUse } from './common/on-first-use.ts';

export const OverviewBroker = onFirstUse(() =>
  z.object({
    id: z.number().int(),
    host: z.string(),
    port: z.number().int(),
    rack: z.string().optional(),
    controller: z.boolean(),
    partitions: z.number().int().meta({ description: 'Replicas the broker holds (every topic)' }),
    leaders: z.number().int(),
    size: z.number().optional().meta({ description: 'Bytes on its log dirs; absent when it did not say' }),
    version: z
      .string()
      .optional()
      .meta({
        description:
          "Kafka release guessed from the broker's ApiVersions answer (Kafka gives no version on the wire): " +
          "'4.1', '3.3 or 3.4', '4.4 or newer', 'older than 3.0'; absent when it did not answer",
      }),
  }),
);

/** `GET /api/{cluster}/overview`: the cluster's landing page in one answer, from cached reads. */
export const ClusterOverview = onFirstUse(() =>
  z
    .object({
      brokers: z.array(OverviewBroker),
      controller: z.number().int().meta({ description: 'Controller id, -1 when unknown' }),
      racks: z.array(z.string()),
      topics: z.object({
        count: z.number().int(),
        internal: z.number().int(),
        partitions: z.number().int(),
        underReplicated: z
          .number()
          .int()
          .meta({ description: 'Partitions with fewer in-sync replicas than replicas' }),
        offline: z.number().int().meta({ description: 'Partitions without a leader' }),
        underMinIsr: z.number().int().meta({
          description: 'Partitions with fewer in-sync replicas than min.insync.replicas (the broker default)',
        }),
        topicsUnderReplicated: z.number().int(),
      }),
      size: z.number().optional().meta({ description: 'Bytes on every log dir; absent when no broker said' }),
      written24h: z.number().int().optional().meta({
        description: 'Records written to the topics the caller may read in the last 24 hours (time index)',
      }),
      groups: z
        .object({
          count: z.number().int(),
          byState: z.record(z.string(), z.number().int()),
        })
        .optional()
        .meta({ description: 'Absent without CONSUMER_GROUP READ on the cluster' }),
    })
    .meta({ id: 'ClusterOverview' }),
);
export type ClusterOverview = z.infer<typeof ClusterOverview>;

/**
 * `GET /api/{cluster}/capabilities`: what the cluster's brokers can do, from their ApiVersions answer, so the
 * console hides what an older release cannot do instead of failing (a request answers 409 CLUSTER_TOO_OLD).
 */
export const ClusterCapabilities = onFirstUse(() =>
  z
    .object({
      release: z.string().meta({ description: "Kafka release guessed from ApiVersions, as the overview's" }),
      features: z.object({
        transactions: z.boolean(),
        producers: z.boolean(),
        consumerGroupsKip848: z.boolean(),
        shareGroups: z.boolean(),
        quorum: z.boolean(),
        clientQuotas: z.boolean(),
        reassignments: z.boolean(),
        scramUsers: z.boolean(),
      }),
    })
    .meta({ id: 'ClusterCapabilities' }),
);
export type ClusterCapabilities = z.infer<typeof ClusterCapabilities>;
