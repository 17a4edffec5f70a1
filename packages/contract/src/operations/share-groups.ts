import { z } from 'zod';
import { ClusterParams } from '../cluster.ts';
import { pagedList } from '../common/lists.ts';
import { intOrText } from '../common/numbers.ts';
import { onFirstUse } from '../common/on-first-use.ts';
import { lenientInt } from '../common/query.ts';

/** KIP-932 share group states (ShareGroupDescribe, ListGroups). */
export const ShareGroupState = z.enum(['UNKNOWN', 'EMPTY', 'STABLE', 'DEAD']);
export type ShareGroupState = z.infer<typeof ShareGroupState>;

/** One entry of `GET /api/{cluster}/share-groups`. */
export const ShareGroupSummary = onFirstUse(() =>
  z
    .object({ id: z.string(), type: z.literal('share'), state: ShareGroupState })
    .meta({ id: 'ShareGroupSummary' }),
);
export type ShareGroupSummary = z.infer<typeof ShareGroupSummary>;
/**
 * `GET /api/{cluster}/share-groups`: a page of share groups by id (AKHQ's paged list, as the consumer
 * group list). A bad or non-positive page is page 1; a page past the end is empty.
 */
export const ShareGroupListQuery = onFirstUse(() =>
  z.object({
    search: z
      .string()
      .max(255)
      .optional()
      .meta({ description: 'Space-separated terms; every one must be in the id' }),
    page: lenientInt.meta({ description: '1-based page number' }),
  }),
);
export type ShareGroupListQuery = z.infer<typeof ShareGroupListQuery>;
export const ShareGroupList = onFirstUse(() => pagedList(ShareGroupSummary).meta({ id: 'ShareGroupList' }));
export type ShareGroupList = z.infer<typeof ShareGroupList>;

export const ShareGroupMember = onFirstUse(() =>
  z.object({
    memberId: z.string(),
    clientId: z.string(),
    clientHost: z.string(),
    memberEpoch: z.number().int(),
    subscribedTopics: z.array(z.string()),
    assignments: z.array(z.object({ topic: z.string(), partition: z.number().int() })),
  }),
);
export type ShareGroupMember = z.infer<typeof ShareGroupMember>;

/** A share-partition's start offset: records before it are done with; lag counts those after it not yet acknowledged. */
export const ShareGroupOffset = onFirstUse(() =>
  z.object({
    topic: z.string(),
    partition: z.number().int(),
    startOffset: z.number().int().meta({ description: '-1 when the group has not read the partition yet' }),
    lag: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Records not yet acknowledged; absent when unknown' }),
  }),
);
export type ShareGroupOffset = z.infer<typeof ShareGroupOffset>;

/** `GET /api/{cluster}/share-groups/{group}`. */
export const ShareGroup = onFirstUse(() =>
  z
    .object({
      id: z.string(),
      type: z.literal('share'),
      state: ShareGroupState,
      groupEpoch: z.number().int(),
      assignmentEpoch: z.number().int(),
      assignor: z.string(),
      members: z.array(ShareGroupMember),
      offsets: z.array(ShareGroupOffset),
    })
    .meta({ id: 'ShareGroup' }),
);
export type ShareGroup = z.infer<typeof ShareGroup>;

export const ShareGroupParams = ClusterParams.extend({ group: z.string().min(1).max(249) });

/**
 * `POST /api/{cluster}/share-groups/{group}/offsets`: the new start offset of each partition, a number or
 * the partition's EARLIEST or LATEST. Kafka accepts it only while the group has no members.
 */
export const ShareOffsetReset = onFirstUse(() =>
  z
    .array(
      z
        .object({
          topic: z.string().min(1).max(249),
          partition: intOrText(z.number().int().min(0).max(2_147_483_647)),
          offset: intOrText(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)).optional(),
          to: z.enum(['EARLIEST', 'LATEST']).optional(),
        })
        .refine((r) => (r.offset === undefined) !== (r.to === undefined), {
          message: 'give either offset or to',
          path: ['offset'],
        }),
    )
    .min(1, 'give at least one partition')
    .max(10_000),
);
export type ShareOffsetReset = z.infer<typeof ShareOffsetReset>;
