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
