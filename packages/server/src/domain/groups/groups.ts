import type { GroupMember, GroupState, Node } from '@console/contract';
import {
  type Admin,
  type ConsumerGroupStateValue,
  type consumerGroupDescribeV0,
  decodeConsumerProtocolAssignment,
  type describeGroupsV5,
} from '@platformatic/kafka';
import { inBatches } from '../../kafka/cluster/request-limits.ts';
import { listGroups } from '../../kafka/list-groups.ts';
import { send } from '../../kafka/protocol.ts';
import { byName } from '../topics/topic-naming.ts';
import { byCoordinator, withCoordinators } from './coordinators.ts';

/**
 * A group as listed: classic (the consumer protocol, or none for offsets-only groups) or KIP-848, with the
 * state and protocol type the listing gives (absent for an id looked up directly).
 */
export type GroupListing = {
  id: string;
  kind: 'classic' | 'consumer';
  state?: GroupState;
  protocolType?: string;
};

/** A described group, before offsets are attached. */
export type DescribedGroup = {
  id: string;
  simpleConsumerGroup: boolean;
  partitionAssignor?: string;
  state: GroupState;
  coordinator: Node;
  members: GroupMember[];
};

/**
 * The consumer groups of the cluster, as Java's `listConsumerGroups`: classic groups using the consumer
 * protocol (or none: offsets committed without joining) and KIP-848 consumer groups. Connect workers,
 * schema registries, share and streams groups use other protocols and are left out.
 */
export async function listConsumerGroups(
  admin: Admin,
  states?: ConsumerGroupStateValue[],
): Promise<GroupListing[]> {
  const groups = await listGroups(admin, { types: ['classic', 'consumer'], ...(states ? { states } : {}) });
  return groups.flatMap((g): GroupListing[] => {
    const state = groupState(g.state);
    if (g.type === 'consumer') return [{ id: g.id, kind: 'consumer', state }];
    const classic = (g.type ?? 'classic') === 'classic';
    return classic && (g.protocolType === 'consumer' || g.protocolType === '')
      ? [{ id: g.id, kind: 'classic', state, protocolType: g.protocolType }]
      : [];
  });
}

const STATES = new Set<string>([
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
/** `PreparingRebalance` → `PREPARING_REBALANCE`, as Java's enum names it. */
export function groupState(raw: string): GroupState {
  let state = stateNames.get(raw);
  if (!state) {
    const name = raw.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
    state = (STATES.has(name) ? name : 'UNKNOWN') as GroupState;
    if (stateNames.size < 64) stateNames.set(raw, state);
  }
  return state;
}
/** The few spellings brokers send, converted once (a listing of 50,000 groups converts each). */
const stateNames = new Map<string, GroupState>();

const sortedAssignments = (pairs: { topic: string; partition: number }[]) =>
  pairs.sort((a, b) => byName(a.topic, b.topic) || a.partition - b.partition);

/** A member's assignment; one that is not the consumer protocol's encoding counts as none. */
function classicAssignment(buffer: Buffer): { topic: string; partition: number }[] {
  if (buffer.length === 0) return [];
  try {
    return decodeConsumerProtocolAssignment(buffer).assignedPartitions.flatMap((a) =>
      a.partitions.map((partition) => ({ topic: a.topic, partition })),
    );
  } catch {
    return [];
  }
}

/** The states of a group with members, or on its way to having them: the listing asked for these is short. */
export const LIVE_STATES: ConsumerGroupStateValue[] = [
  'PreparingRebalance',
  'CompletingRebalance',
  'Stable',
  'Assigning',
  'Reconciling',
];

/**
 * Describes groups per coordinator and protocol, at most `groupsPerRequest` a request: DescribeGroups
 * for classic groups, ConsumerGroupDescribe for KIP-848 ones. Groups gone meanwhile are left out. The
 * client's own describeGroups is not used: it decodes every member as a consumer and throws on other
 * protocols.
 */
export async function describeConsumerGroups(
  admin: Admin,
  groups: readonly GroupListing[],
): Promise<DescribedGroup[]> {
  if (groups.length === 0) return [];
  return withCoordinators(
    admin,
    groups.map((g) => g.id),
    (coordinators) => describeWith(admin, groups, coordinators),
  );
}

async function describeWith(
  admin: Admin,
  groups: readonly GroupListing[],
  coordinators: ReadonlyMap<string, Node>,
): Promise<DescribedGroup[]> {
  // A classic group listed EMPTY has no members to describe: its listing says all there is. At 5,000
  // offsets-only groups this spares describing them all (most of a topic's groups tab).
  const idle: DescribedGroup[] = [];
  const classic: string[] = [];
  const consumer: string[] = [];
  for (const listing of groups) {
    const coordinator = coordinators.get(listing.id);
    if (!coordinator) continue;
    if (listing.kind === 'consumer') consumer.push(listing.id);
    else if (listing.state === 'EMPTY' && listing.protocolType !== undefined) {
      idle.push({
        id: listing.id,
        simpleConsumerGroup: listing.protocolType === '',
        state: 'EMPTY',
        coordinator,
        members: [],
      });
    } else classic.push(listing.id);
  }
  const batches = [
    ...byCoordinator(admin, coordinators, classic).map((b) => ({ ...b, kind: 'classic' as const })),
    ...byCoordinator(admin, coordinators, consumer).map((b) => ({ ...b, kind: 'consumer' as const })),
  ];
  const described = await inBatches(admin, batches, (b) =>
    b.kind === 'classic' ? describeClassic(admin, b) : describeConsumer(admin, b),
  );
  return [...idle, ...described.flat()];
}

type Batch = { coordinator: Node; ids: string[] };

async function describeClassic(admin: Admin, { coordinator, ids }: Batch): Promise<DescribedGroup[]> {
  const answer = await send<[string[], boolean], describeGroupsV5.DescribeGroupsResponse>(
    admin,
    coordinator,
    'DescribeGroups',
    () => [ids, false],
    { partial: true },
  );
  return answer.groups
    .filter((g) => g.errorCode === 0)
    .map((g) => ({
      id: g.groupId,
      simpleConsumerGroup: g.protocolType === '',
      ...(g.protocolData ? { partitionAssignor: g.protocolData } : {}),
      state: groupState(g.groupState),
      coordinator,
      members: g.members.map((m) => {
        const assignments = sortedAssignments(classicAssignment(m.memberAssignment));
        return {
          id: m.memberId,
          clientId: m.clientId,
          host: m.clientHost,
          ...(assignments.length ? { assignments } : {}),
        };
      }),
    }));
}

async function describeConsumer(admin: Admin, { coordinator, ids }: Batch): Promise<DescribedGroup[]> {
  const answer = await send<[string[], boolean], consumerGroupDescribeV0.ConsumerGroupDescribeResponse>(
    admin,
    coordinator,
    'ConsumerGroupDescribe',
    () => [ids, false],
    { partial: true },
  );
  return answer.groups
    .filter((g) => g.errorCode === 0)
    .map((g) => ({
      id: g.groupId,
      simpleConsumerGroup: false,
      ...(g.assignorName ? { partitionAssignor: g.assignorName } : {}),
      state: groupState(g.groupState),
      coordinator,
      members: g.members.map((m) => {
        const assignments = sortedAssignments(
          m.assignment.topicPartitions.flatMap((t) =>
            t.partitions.map((partition) => ({ topic: t.topicName, partition })),
          ),
        );
        return {
          id: m.memberId,
          clientId: m.clientId,
          host: m.clientHost,
          ...(assignments.length ? { assignments } : {}),
        };
      }),
    }));
}
