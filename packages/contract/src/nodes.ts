import { z } from 'zod';
import { ClusterParams } from './cluster.ts';
import { onFirstUse } from './common/on-first-use.ts';

export const Node = onFirstUse(() =>
  z.object({
    id: z.number().int(),
    host: z.string(),
    port: z.number().int(),
    rack: z.string().optional(),
  }),
);
export type Node = z.infer<typeof Node>;

/** `GET /api/{cluster}/node` (AKHQ's `Cluster`): the Kafka cluster id, the brokers and the controller. */
export const NodeList = onFirstUse(() =>
  z
    .object({
      id: z.string().meta({ description: "Kafka's cluster id" }),
      nodes: z.array(Node),
      controller: Node.optional().meta({
        description: 'The broker the cluster names as controller (KRaft: any live broker); absent if none',
      }),
    })
    .meta({ id: 'NodeList' }),
);
export type NodeList = z.infer<typeof NodeList>;

/** A broker id; anything that is not one of the cluster's brokers is a 404. */
export const NodeParams = ClusterParams.extend({ id: z.string().min(1) });

/**
 * `GET /api/{cluster}/node/partitions`, over the topics the default view shows (internal ones hidden):
 * partitions led, partitions in sync on that broker, and the same total on every row.
 */
export const NodePartitions = onFirstUse(() =>
  z
    .object({
      id: z.number().int(),
      countLeader: z.number().int(),
      countInSyncReplicas: z.number().int(),
      totalPartitions: z.number().int(),
    })
    .meta({ id: 'NodePartitions' }),
);
export type NodePartitions = z.infer<typeof NodePartitions>;
export const NodePartitionsList = onFirstUse(() => z.array(NodePartitions));

/** A voter or observer of the KRaft metadata log, as DescribeQuorum reports it. */
const QuorumReplica = () =>
  z.object({
    id: z.number().int(),
    logEndOffset: z.number().int(),
    lag: z
      .number()
      .int()
      .meta({ description: "The leader's high watermark less this replica's log end offset" }),
    lastFetch: z
      .string()
      .optional()
      .meta({ description: 'When it last fetched from the leader; absent if unknown' }),
    lastCaughtUp: z.string().optional().meta({ description: 'When it last caught up; absent if unknown' }),
  });

/** `GET /api/{cluster}/quorum`: the KRaft quorum of the metadata log (DescribeQuorum). */
export const Quorum = onFirstUse(() =>
  z
    .object({
      leaderId: z.number().int(),
      leaderEpoch: z.number().int(),
      highWatermark: z.number().int(),
      voters: z.array(QuorumReplica()),
      observers: z.array(QuorumReplica()),
    })
    .meta({ id: 'Quorum' }),
);
export type Quorum = z.infer<typeof Quorum>;

/** `GET /api/{cluster}/features`: each feature's finalized level and the range the brokers support. */
export const FeatureLevels = onFirstUse(() =>
  z
    .object({
      features: z.array(
        z.object({
          name: z.string().meta({ description: '`metadata.version`, `group.version`, `kraft.version`...' }),
          finalized: z
            .number()
            .int()
            .optional()
            .meta({ description: 'The level in force; absent if never set' }),
          supportedMin: z.number().int(),
          supportedMax: z.number().int(),
        }),
      ),
    })
    .meta({ id: 'FeatureLevels' }),
);
export type FeatureLevels = z.infer<typeof FeatureLevels>;

/** `POST /api/{cluster}/features`: raise one feature's level; `dryRun` has the controller validate only. */
export const FeatureUpgrade = onFirstUse(() =>
  z.object({
    feature: z.string().min(1).max(249),
    level: z.number().int().min(0).max(32_767),
    dryRun: z.boolean().default(true),
  }),
);
export type FeatureUpgrade = z.infer<typeof FeatureUpgrade>;
