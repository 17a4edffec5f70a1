import { z } from 'zod';
import { ClusterParams } from './cluster.ts';
import { TopicListViewParam } from './common/enums.ts';
import { listOrder, TopicSortColumn } from './common/list-sort.ts';
import { pagedList } from './common/lists.ts';
import { intOrText } from './common/numbers.ts';
import { onFirstUse } from './common/on-first-use.ts';
import { isoInstant, lenientInt, queryList } from './common/query.ts';
import { ConfigValues } from './configs.ts';
import { Node } from './nodes.ts';
import { DataRecord } from './records/topic-data.ts';

const long = z.number().int();

/** A replica: the broker plus its state for this partition. */
export const ReplicaNode = onFirstUse(() =>
  Node.unwrap().extend({ leader: z.boolean(), inSyncReplicas: z.boolean() }).meta({ id: 'ReplicaNode' }),
);
export type ReplicaNode = z.infer<typeof ReplicaNode>;

/** One replica's directory entry from describeLogDirs; `size` in bytes. */
export const LogDir = onFirstUse(() =>
  z
    .object({
      brokerId: z.number().int(),
      path: z.string(),
      topic: z.string(),
      partition: z.number().int(),
      size: long,
      offsetLag: long,
      future: z.boolean(),
    })
    .meta({ id: 'LogDir' }),
);
export type LogDir = z.infer<typeof LogDir>;
export const LogDirList = onFirstUse(() => z.array(LogDir));

export const Partition = onFirstUse(() =>
  z
    .object({
      id: z.number().int(),
      topic: z.string(),
      leader: ReplicaNode.optional().meta({ description: 'Absent while the partition has no leader' }),
      nodes: z.array(ReplicaNode).meta({ description: 'Replicas in assignment order' }),
      logDir: z.array(LogDir).optional(),
      firstOffset: long.meta({ description: 'Log start offset' }),
      lastOffset: long.meta({ description: 'End offset (read_committed): the next offset to be written' }),
      logDirSize: long
        .optional()
        .meta({ description: "Bytes on the leader's log dirs; absent when unknown" }),
    })
    .meta({ id: 'Partition' }),
);
export type Partition = z.infer<typeof Partition>;
export const PartitionList = onFirstUse(() => z.array(Partition));

/**
 * AKHQ's Topic (docs/api-conventions.md#topic). `size` estimates the record count:
 * Σ lastOffset − firstOffset.
 */
export const Topic = onFirstUse(() =>
  z
    .object({
      name: z.string(),
      internal: z.boolean().meta({ description: "Kafka's own internal flag" }),
      internalTopic: z.boolean().meta({ description: 'Internal flag or a match of topic.internalRegexps' }),
      streamTopic: z.boolean().meta({ description: 'A match of topic.streamRegexps' }),
      partitions: z.array(Partition),
      replicaCount: z.number().int().meta({ description: 'Largest replica count over partitions' }),
      inSyncReplicaCount: z.number().int().meta({ description: 'Smallest ISR size over partitions' }),
      logDirSize: long
        .optional()
        .meta({ description: 'Σ partition logDirSize; absent when log dirs are unknown' }),
      size: long,
    })
    .meta({ id: 'Topic' }),
);
export type Topic = z.infer<typeof Topic>;

export const TopicList = onFirstUse(() => pagedList(Topic).meta({ id: 'TopicList' }));
export type TopicList = z.infer<typeof TopicList>;

const show = TopicListViewParam.optional().meta({
  description: "Default: the cluster's uiOptions.topic.defaultView, else HIDE_INTERNAL",
});

/** `GET /api/{cluster}/topic`: a bad or non-positive page is page 1; a page past the end is empty. */
export const TopicListQuery = onFirstUse(() =>
  z.object({
    search: z
      .string()
      .optional()
      .meta({ description: 'Space-separated terms; every one must be in the name' }),
    show,
    page: lenientInt.meta({ description: '1-based page number' }),
    uiPageSize: lenientInt.meta({ description: 'Page size; default pagination.pageSize' }),
    sort: TopicSortColumn.optional().meta({ description: 'Column to order by; default name' }),
    order: listOrder,
  }),
);
export type TopicListQuery = z.infer<typeof TopicListQuery>;

export const TopicNamesQuery = onFirstUse(() => z.object({ show }));
export const TopicNames = onFirstUse(() => z.array(z.string()));

export const TopicParams = ClusterParams.extend({ topic: z.string().min(1) });

/** Kafka's wire types: a partition count is an INT32, a replication factor an INT16. */
const MAX_PARTITIONS = 2_147_483_647;
const MAX_REPLICATION = 32_767;

/** `POST /api/{cluster}/topic`; unknown extra properties (the UI sends `cluster`) are ignored. */
export const TopicCreate = onFirstUse(() =>
  z
    .object({
      name: z.string().min(1, 'required').max(249),
      partition: intOrText(z.number().int().min(1).max(MAX_PARTITIONS))
        .optional()
        .meta({ description: 'Default: topic.partition' }),
      replication: intOrText(z.number().int().min(1).max(MAX_REPLICATION))
        .optional()
        .meta({ description: 'Default: topic.replication' }),
      configs: ConfigValues.default({}),
    })
    .meta({ id: 'TopicCreate' }),
);
export type TopicCreate = z.infer<typeof TopicCreate>;

/** `POST …/partitions`: the new total partition count; only increases are possible. */
export const PartitionsIncrease = onFirstUse(() =>
  z
    .object({ partition: intOrText(z.number().int().min(1).max(MAX_PARTITIONS)) })
    .meta({ id: 'PartitionsIncrease' }),
);

export const TopicsQuery = onFirstUse(() =>
  z.object({
    topics: queryList.meta({ description: 'Topic names, repeated or comma-joined' }),
  }),
);

/** `GET /api/{cluster}/topic/last-record`: each topic's newest record; topics without any are absent. */
export const LastRecords = onFirstUse(() => z.record(z.string(), DataRecord).meta({ id: 'LastRecords' }));
export type LastRecords = z.infer<typeof LastRecords>;

export const OffsetsStartQuery = onFirstUse(() =>
  z.object({
    timestamp: isoInstant.optional().meta({ description: 'Default: now' }),
  }),
);

/** The first offset at or after a time; partitions with no such record are absent. */
export const TimeOffset = onFirstUse(() =>
  z.object({ topic: z.string(), partition: z.number().int(), offset: long }).meta({ id: 'TimeOffset' }),
);
export type TimeOffset = z.infer<typeof TimeOffset>;
export const TimeOffsetList = onFirstUse(() => z.array(TimeOffset));

/** A time as an ISO-8601 date-time with offset, or epoch milliseconds (kept as given: `timeOf` reads it). */
export const timeParam = () => z.union([z.string().regex(/^\d{1,15}$/, 'epoch milliseconds'), isoInstant]);

/** Epoch milliseconds of a `timeParam` value. */
export const timeOf = (value: string): number => (/^\d+$/.test(value) ? Number(value) : Date.parse(value));

/** `GET /api/{cluster}/topic/{topic}/rate`: the window, 24 hours to now by default, in up to 500 buckets. */
export const TopicRateQuery = onFirstUse(() =>
  z
    .object({
      from: z
        .union([z.literal('earliest'), timeParam()])
        .optional()
        .meta({
          description:
            'Start of the window, or `earliest` (the oldest record kept); default 24 hours before `to`',
        }),
      to: timeParam().optional().meta({ description: 'End of the window (default: now)' }),
      buckets: z.coerce.number().int().min(1).max(500).default(24),
    })
    .refine(
      (q) =>
        q.from === undefined || q.from === 'earliest' || timeOf(q.from) < (q.to ? timeOf(q.to) : Date.now()),
      { message: 'from must be before to', path: ['from'] },
    ),
);

/**
 * Records written per bucket, from Kafka's time index: per partition, the offsets between the first record
 * at or after `start` and the first at or after `end`, summed (what the topic holds in that window).
 */
export const TopicRate = onFirstUse(() =>
  z
    .object({
      from: z.string(),
      to: z.string(),
      step: z.number().int().meta({ description: 'Bucket length in milliseconds' }),
      buckets: z.array(z.object({ start: z.string(), end: z.string(), records: z.number().int() })),
    })
    .meta({ id: 'TopicRate' }),
);
export type TopicRate = z.infer<typeof TopicRate>;

/**
 * `GET /api/{cluster}/topic/traffic`: records written to each named topic in each of the last 24 hours,
 * oldest first, counted from the time index (the topic list's sparkline column).
 */
export const TopicsTraffic = onFirstUse(() =>
  z
    .object({
      from: z.string(),
      to: z.string(),
      step: z.number().int().meta({ description: 'Bucket length in milliseconds (an hour)' }),
      topics: z.record(z.string(), z.array(z.number().int())),
    })
    .meta({ id: 'TopicsTraffic' }),
);
export type TopicsTraffic = z.infer<typeof TopicsTraffic>;
