import { z } from 'zod';
import { ClusterParams } from './cluster.ts';
import { GroupsListViewParam } from './common/enums.ts';
import { GroupSortColumn, listOrder } from './common/list-sort.ts';
import { pagedList } from './common/lists.ts';
import { intOrText } from './common/numbers.ts';
import { onFirstUse } from './common/on-first-use.ts';
import { isoInstant, lenientInt, queryList } from './common/query.ts';
import { Node } from './nodes.ts';

/** Classic states plus those of the KIP-848 consumer protocol (ASSIGNING, RECONCILING, NOT_READY). */
export const GroupState = z.enum([
  'UNKNOWN',
  'PREPARING_REBALANCE',
  'COMPLETING_REBALANCE',
  'STABLE',
  'DEAD',
  'EMPTY',
  'ASSIGNING',
  'RECONCILING',
  'NOT_READY',
]);
export type GroupState = z.infer<typeof GroupState>;

const long = z.number().int();

/** A committed (or assigned but never committed: topic and partition only) position with its lag. */
export const GroupOffset = onFirstUse(() =>
  z
    .object({
      topic: z.string(),
      partition: z.number().int(),
      offset: long.optional(),
      metadata: z.string().optional(),
      firstOffset: long.optional(),
      lastOffset: long.optional(),
      offsetLag: long.optional().meta({ description: 'lastOffset − offset, when both are known' }),
    })
    .meta({ id: 'GroupOffset' }),
);
export type GroupOffset = z.infer<typeof GroupOffset>;

export const TopicPartitionRef = onFirstUse(() =>
  z.object({ topic: z.string(), partition: z.number().int() }),
);

export const GroupMember = onFirstUse(() =>
  z
    .object({
      id: z.string().meta({ description: 'Member id' }),
      clientId: z.string(),
      host: z.string(),
      assignments: z.array(TopicPartitionRef).optional(),
    })
    .meta({ id: 'Consumer' }),
);
export type GroupMember = z.infer<typeof GroupMember>;

export const ConsumerGroup = onFirstUse(() =>
  z
    .object({
      id: z.string(),
      simpleConsumerGroup: z.boolean(),
      partitionAssignor: z.string().optional(),
      state: GroupState,
      coordinator: Node,
      members: z.array(GroupMember).optional(),
      offsets: z.array(GroupOffset).optional(),
      activeTopics: z
        .array(z.string())
        .optional()
        .meta({ description: "Topics assigned to the group's members" }),
      topics: z
        .array(z.string())
        .optional()
        .meta({ description: 'Topics with committed offsets ∪ active topics' }),
      maxLagMs: z.number().int().optional().meta({
        description:
          'In the list sorted by lagTime only: the highest time lag (ms) of its partitions on topics the caller may read',
      }),
    })
    .meta({ id: 'ConsumerGroup' }),
);
export type ConsumerGroup = z.infer<typeof ConsumerGroup>;
export const ConsumerGroupList = onFirstUse(() => z.array(ConsumerGroup));

const groupsListView = GroupsListViewParam.optional().meta({
  description: 'ALL (default): groups with offsets on the topics; HIDE_EMPTY: groups consuming them',
});

export const TopicGroupsQuery = onFirstUse(() => z.object({ groupsListView }));

/** `GET /api/{cluster}/group/topics`: offsets are limited to the asked topics, which keeps the call bounded. */
export const GroupsForTopicsQuery = onFirstUse(() =>
  z.object({
    topics: queryList.meta({ description: 'Topic names, repeated or comma-joined' }),
    groupsListView,
    perTopic: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .meta({
        description:
          'At most this many groups a topic (those consuming it first, then by id); the header ' +
          '`x-groups-more` counts the rest per topic (`topic=n,…`). Default: every group',
      }),
  }),
);

/** The `x-groups-more` header of `GET /api/{cluster}/group/topics?perTopic=`: `topic=n,…`. */
export const GROUPS_MORE_HEADER = 'x-groups-more';

/** The header's value; topic names hold no `=` or `,`. */
export function formatGroupsMore(more: Readonly<Record<string, number>>): string {
  return Object.entries(more)
    .map(([topic, n]) => `${topic}=${n}`)
    .join(',');
}

export function parseGroupsMore(header: string | null): Record<string, number> {
  const more: Record<string, number> = {};
  for (const pair of header?.split(',') ?? []) {
    const at = pair.lastIndexOf('=');
    const n = Number(pair.slice(at + 1));
    if (at > 0 && Number.isInteger(n) && n > 0) more[pair.slice(0, at)] = n;
  }
  return more;
}

export const GroupParams = ClusterParams.extend({ group: z.string().min(1) });
export const GroupTopicParams = GroupParams.extend({ topic: z.string().min(1) });

/** `GET /api/{cluster}/group`: a bad or non-positive page is page 1; a page past the end is empty. */
export const GroupListQuery = onFirstUse(() =>
  z.object({
    search: z.string().optional().meta({ description: 'Space-separated terms; every one must be in the id' }),
    page: lenientInt.meta({ description: '1-based page number' }),
    sort: GroupSortColumn.optional().meta({ description: 'Column to order by; default id' }),
    order: listOrder,
  }),
);
export type GroupListQuery = z.infer<typeof GroupListQuery>;
export const GroupList = onFirstUse(() => pagedList(ConsumerGroup).meta({ id: 'ConsumerGroupList' }));
export type GroupList = z.infer<typeof GroupList>;

/** `POST …/group/{g}/offsets` body: the new committed offset of each partition. */
export const OffsetUpdate = onFirstUse(() =>
  z
    .array(
      z.object({
        topic: z.string().min(1),
        partition: intOrText(z.number().int().min(0).max(2_147_483_647)),
        offset: intOrText(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)),
      }),
    )
    .min(1, 'give at least one partition')
    .max(100_000),
);
export type OffsetUpdate = z.infer<typeof OffsetUpdate>;

export const OffsetUpdateQuery = onFirstUse(() =>
  z.object({
    dryRun: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true')
      .meta({ description: 'true: answer the preview and commit nothing' }),
  }),
);

/** One row of the offset-reset preview (`dryRun=true`): where the group is, where it would be, the lag. */
export const OffsetPreviewRow = onFirstUse(() =>
  z
    .object({
      topic: z.string(),
      partition: z.number().int(),
      currentOffset: long.optional().meta({ description: 'Absent when nothing is committed' }),
      newOffset: long.meta({ description: 'The asked offset, kept within the partition (first…last)' }),
      lastOffset: long,
      lagBefore: long.optional(),
      lagAfter: long,
    })
    .meta({ id: 'OffsetPreviewRow' }),
);
export type OffsetPreviewRow = z.infer<typeof OffsetPreviewRow>;
export const OffsetPreview = onFirstUse(() => z.array(OffsetPreviewRow));

export const GroupOffsetsStartQuery = onFirstUse(() =>
  z.object({
    timestamp: isoInstant.meta({ description: 'ISO instant; each partition’s first offset at or after it' }),
  }),
);
