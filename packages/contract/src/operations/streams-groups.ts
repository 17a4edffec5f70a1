import { z } from 'zod';
import { ClusterParams } from '../cluster.ts';
import { pagedList } from '../common/lists.ts';
import { onFirstUse } from '../common/on-first-use.ts';
import { isoInstant, lenientInt } from '../common/query.ts';

/**
 * A Kafka Streams application's group: `streams` when its members speak the Streams rebalance protocol
 * (KIP-1071, `group.protocol=streams`), `classic` when it is a consumer group recognised as a Streams app
 * by its internal topics (`<application.id>-…-changelog` / `-repartition`).
 */
export const StreamsGroupProtocol = z.enum(['streams', 'classic']);
export type StreamsGroupProtocol = z.infer<typeof StreamsGroupProtocol>;

/** Kafka's streams group states, and the classic group states for classic apps, in upper snake case. */
export const StreamsGroupState = z.enum([
  'EMPTY',
  'NOT_READY',
  'ASSIGNING',
  'RECONCILING',
  'STABLE',
  'PREPARING_REBALANCE',
  'COMPLETING_REBALANCE',
  'DEAD',
  'UNKNOWN',
]);
export type StreamsGroupState = z.infer<typeof StreamsGroupState>;

/** One entry of `GET /api/{cluster}/streams-group`. */
export const StreamsGroupSummary = onFirstUse(() =>
  z
    .object({
      id: z.string().meta({ description: 'The group id, which is the application.id' }),
      protocol: StreamsGroupProtocol,
      state: StreamsGroupState,
      internalTopics: z
        .array(z.string())
        .meta({ description: 'Existing topics named `<id>-…-changelog|-repartition` the caller may read' }),
    })
    .meta({ id: 'StreamsGroupSummary' }),
);
export type StreamsGroupSummary = z.infer<typeof StreamsGroupSummary>;

export const StreamsGroupListQuery = onFirstUse(() =>
  z.object({
    search: z
      .string()
      .max(255)
      .optional()
      .meta({ description: 'Space-separated terms; every one must be in the id' }),
    page: lenientInt.meta({ description: '1-based page number' }),
  }),
);
export type StreamsGroupListQuery = z.infer<typeof StreamsGroupListQuery>;

/** The paged list; `notice` says why groups of the streams protocol cannot be listed (an older broker). */
export const StreamsGroupList = onFirstUse(() =>
  pagedList(StreamsGroupSummary)
    .extend({
      notice: z
        .string()
        .optional()
        .meta({ description: 'Why only classic Streams apps are listed, when the broker lacks KIP-1071' }),
    })
    .meta({ id: 'StreamsGroupList' }),
);
export type StreamsGroupList = z.infer<typeof StreamsGroupList>;

export const StreamsTasks = onFirstUse(() =>
  z.array(z.object({ subtopologyId: z.string(), partitions: z.array(z.number().int()) })),
);
export type StreamsTasks = z.infer<typeof StreamsTasks>;

export const StreamsAssignment = onFirstUse(() =>
  z.object({ active: StreamsTasks, standby: StreamsTasks, warmup: StreamsTasks }),
);
export type StreamsAssignment = z.infer<typeof StreamsAssignment>;

export const StreamsGroupMember = onFirstUse(() =>
  z.object({
    memberId: z.string(),
    memberEpoch: z.number().int().optional().meta({ description: 'Streams protocol only' }),
    instanceId: z.string().optional(),
    rackId: z.string().optional(),
    clientId: z.string(),
    clientHost: z.string(),
    processId: z
      .string()
      .optional()
      .meta({ description: 'The Streams instance; read from the client id for classic apps' }),
    topologyEpoch: z.number().int().optional(),
    protocol: StreamsGroupProtocol.meta({ description: 'classic for a member not yet upgraded' }),
    userEndpoint: z.object({ host: z.string(), port: z.number().int() }).optional(),
    assignment: StreamsAssignment.optional().meta({ description: 'Tasks; streams protocol only' }),
    targetAssignment: StreamsAssignment.optional(),
    partitions: z
      .array(z.object({ topic: z.string(), partition: z.number().int() }))
      .meta({ description: 'Input partitions of the active tasks (classic: the assigned partitions)' }),
  }),
);
export type StreamsGroupMember = z.infer<typeof StreamsGroupMember>;

export const StreamsTopicInfo = onFirstUse(() =>
  z.object({
    name: z.string(),
    partitions: z.number().int().meta({ description: '0 when Kafka Streams leaves it to the broker' }),
  }),
);

/** A subtopology as the broker initialised it: topics it reads, repartition topics it writes, its stores' changelogs. */
export const StreamsSubtopology = onFirstUse(() =>
  z.object({
    id: z.string(),
    sourceTopics: z.array(z.string()),
    repartitionSourceTopics: z.array(StreamsTopicInfo),
    repartitionSinkTopics: z.array(z.string()),
    changelogTopics: z.array(StreamsTopicInfo),
  }),
);
export type StreamsSubtopology = z.infer<typeof StreamsSubtopology>;

/** Per input partition: what the group committed, the log end and the lag (`kafka-streams-groups.sh --describe --verbose`). */
export const StreamsGroupOffset = onFirstUse(() =>
  z.object({
    topic: z.string(),
    partition: z.number().int(),
    currentOffset: z.number().int().optional().meta({ description: 'Absent when nothing is committed' }),
    logEndOffset: z.number().int(),
    lag: z
      .number()
      .int()
      .meta({ description: 'Log end − committed; log end − log start when nothing is committed' }),
  }),
);
export type StreamsGroupOffset = z.infer<typeof StreamsGroupOffset>;

/** `GET /api/{cluster}/streams-group/{group}`. */
export const StreamsGroup = onFirstUse(() =>
  z
    .object({
      id: z.string(),
      protocol: StreamsGroupProtocol,
      state: StreamsGroupState,
      groupEpoch: z.number().int().optional(),
      assignmentEpoch: z.number().int().optional(),
      topologyEpoch: z.number().int().optional(),
      members: z.array(StreamsGroupMember),
      subtopologies: z.array(StreamsSubtopology).meta({
        description:
          'Empty for a classic app (its topology stays inside the app) or a group whose topology is not initialised',
      }),
      internalTopics: z.array(z.string()),
      offsets: z.array(StreamsGroupOffset),
    })
    .meta({ id: 'StreamsGroup' }),
);
export type StreamsGroup = z.infer<typeof StreamsGroup>;

export const StreamsGroupParams = ClusterParams.extend({ group: z.string().min(1).max(249) });

/**
 * `POST /api/{cluster}/streams-group/{group}/offsets`: move the group's committed offsets on its input
 * topics (all of them, or `topics`) to the earliest, the latest or the first offset at `timestamp`.
 */
export const StreamsOffsetReset = onFirstUse(() =>
  z
    .object({
      to: z.enum(['EARLIEST', 'LATEST', 'TIMESTAMP']),
      timestamp: isoInstant.optional().meta({ description: 'With to=TIMESTAMP' }),
      topics: z
        .array(z.string().min(1).max(249))
        .max(10_000)
        .optional()
        .meta({ description: 'Input topics to reset; all of them when absent' }),
    })
    .refine((r) => (r.to === 'TIMESTAMP') === (r.timestamp !== undefined), {
      message: 'give timestamp with to=TIMESTAMP, and only then',
      path: ['timestamp'],
    }),
);
export type StreamsOffsetReset = z.infer<typeof StreamsOffsetReset>;
