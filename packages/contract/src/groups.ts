import { z } from 'zod';
import { GroupsListViewParam } from './enums.ts';
import { Node } from './nodes.ts';
import { queryList } from './query.ts';

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
export const GroupOffset = z
  .object({
    topic: z.string(),
    partition: z.number().int(),
    offset: long.optional(),
    metadata: z.string().optional(),
    firstOffset: long.optional(),
    lastOffset: long.optional(),
    offsetLag: long.optional().meta({ description: 'lastOffset − offset, when both are known' }),
  })
  .meta({ id: 'GroupOffset' });
export type GroupOffset = z.infer<typeof GroupOffset>;

export const TopicPartitionRef = z.object({ topic: z.string(), partition: z.number().int() });

export const GroupMember = z
  .object({
    id: z.string().meta({ description: 'Member id' }),
    clientId: z.string(),
    host: z.string(),
    assignments: z.array(TopicPartitionRef).optional(),
  })
  .meta({ id: 'Consumer' });
export type GroupMember = z.infer<typeof GroupMember>;

export const ConsumerGroup = z
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
  })
  .meta({ id: 'ConsumerGroup' });
export type ConsumerGroup = z.infer<typeof ConsumerGroup>;
export const ConsumerGroupList = z.array(ConsumerGroup);

const groupsListView = GroupsListViewParam.optional().meta({
  description: 'ALL (default): groups with offsets on the topics; HIDE_EMPTY: groups consuming them',
});

export const TopicGroupsQuery = z.object({ groupsListView });

/** `GET /api/{cluster}/group/topics`: offsets are limited to the asked topics, which keeps the call bounded. */
export const GroupsForTopicsQuery = z.object({
  topics: queryList.meta({ description: 'Topic names, repeated or comma-joined' }),
  groupsListView,
});
