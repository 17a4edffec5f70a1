import type { ConsumerGroup, GroupMember } from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { NameFilter } from './roles.ts';

/** The caller's TOPIC READ filter on the request's cluster: which topics a group answer may name. */
export const topicFilter = (req: FastifyRequest): NameFilter =>
  req.permissions.allow('TOPIC', 'READ', (req.params as { cluster?: string }).cluster);

/** A member with only the assignments on topics the caller may read. */
export function visibleMember(member: GroupMember, allow: NameFilter): GroupMember {
  return member.assignments
    ? { ...member, assignments: member.assignments.filter((a) => allow(a.topic)) }
    : member;
}

/**
 * A group as the caller may see it: offsets, lag, assignments and topic names only on topics its TOPIC
 * READ patterns match (a reader limited to some topics saw offsets and lag on all of them).
 */
export function visibleGroup(group: ConsumerGroup, allow: NameFilter): ConsumerGroup {
  return {
    ...group,
    ...(group.offsets ? { offsets: group.offsets.filter((o) => allow(o.topic)) } : {}),
    ...(group.members ? { members: group.members.map((m) => visibleMember(m, allow)) } : {}),
    ...(group.activeTopics ? { activeTopics: group.activeTopics.filter(allow) } : {}),
    ...(group.topics ? { topics: group.topics.filter(allow) } : {}),
  };
}
