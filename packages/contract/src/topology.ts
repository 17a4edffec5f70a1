import { z } from 'zod';
import { onFirstUse } from './common/on-first-use.ts';

/** What a node of the data-flow map is (docs/topology.md). */
export const TopologyNodeKind = z.enum([
  'topic',
  'consumer-group',
  'share-group',
  'streams-group',
  'connector',
  'ksqldb-query',
  'producer',
]);
export type TopologyNodeKind = z.infer<typeof TopologyNodeKind>;

/** `reads`: the topic feeds the node; `writes`: the node writes the topic. Edges always point with the data. */
export const TopologyEdgeKind = z.enum(['reads', 'writes']);
export type TopologyEdgeKind = z.infer<typeof TopologyEdgeKind>;

export const TopologySourceName = z.enum([
  'consumer-groups',
  'share-groups',
  'streams-groups',
  'connect',
  'ksqldb',
  'transactions',
  'producers',
]);
export type TopologySourceName = z.infer<typeof TopologySourceName>;

/**
 * `id` is `<kind>:<name>`, with the Connect or ksqlDB server in front of connectors and queries
 * (`connector:main/orders-sink`, `ksqldb-query:main/CSAS_X_1`); `owner` names that server. An idempotent
 * producer has no name Kafka tells: its `name` is `producer <id>`.
 */
export const TopologyNode = onFirstUse(() =>
  z
    .object({
      id: z.string(),
      kind: TopologyNodeKind,
      name: z.string(),
      owner: z.string().optional().meta({ description: 'The Connect or ksqlDB server of the node' }),
    })
    .meta({ id: 'TopologyNode' }),
);
export type TopologyNode = z.infer<typeof TopologyNode>;

export const TopologyEdge = onFirstUse(() =>
  z.object({ from: z.string(), to: z.string(), kind: TopologyEdgeKind }).meta({ id: 'TopologyEdge' }),
);
export type TopologyEdge = z.infer<typeof TopologyEdge>;

/** Each source the map was built from: how old what it knew was, or why it could not answer. */
export const TopologySource = onFirstUse(() =>
  z
    .object({
      name: TopologySourceName,
      owner: z.string().optional().meta({ description: 'The Connect or ksqlDB server' }),
      ageMs: z.number().int().optional(),
      error: z.string().optional().meta({ description: 'Why this source is missing from the map' }),
      code: z.string().optional(),
      note: z.string().optional(),
    })
    .meta({ id: 'TopologySource' }),
);
export type TopologySource = z.infer<typeof TopologySource>;

export const Topology = onFirstUse(() =>
  z
    .object({
      nodes: z.array(TopologyNode),
      edges: z.array(TopologyEdge),
      sources: z.array(TopologySource),
      truncated: z
        .boolean()
        .meta({ description: 'More nodes were reachable than the answer holds (maxNodes)' }),
      maxNodes: z.number().int(),
      depth: z.number().int(),
    })
    .meta({ id: 'Topology' }),
);
export type Topology = z.infer<typeof Topology>;

export const TOPOLOGY_MAX_DEPTH = 3;

/**
 * `GET /api/{cluster}/topology`: the neighbourhood of one topic (`topic`), of any node (`node`, an id as
 * the answer gives it), or of the nodes whose name contains `q`. One of the three is required: the whole
 * cluster is never drawn at once.
 */
export const TopologyQuery = onFirstUse(() =>
  z.object({
    topic: z.string().min(1).max(249).optional().meta({ description: 'A topic name' }),
    node: z.string().min(3).max(600).optional().meta({ description: 'A node id, e.g. `consumer-group:app`' }),
    q: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .meta({ description: 'Text every matching node name contains (case-insensitive)' }),
    depth: z.coerce
      .number()
      .int()
      .min(1)
      .max(TOPOLOGY_MAX_DEPTH)
      .default(1)
      .meta({ description: 'Hops from the start nodes, 1 to 3' }),
  }),
);
export type TopologyQuery = z.infer<typeof TopologyQuery>;
