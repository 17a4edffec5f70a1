import type { ShareGroup, ShareGroupState, ShareGroupSummary, ShareOffsetReset } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { requireApi } from '../../kafka/cluster/capabilities.ts';
import { readMetadata } from '../../kafka/metadata.ts';
import { partitionOffsets } from '../../kafka/offsets.ts';
import { sendOwn } from '../../kafka/protocol.ts';
import { AppError } from '../../platform/errors.ts';
import { withCoordinators } from '../groups/coordinators.ts';
import { byName } from '../topics/topic-naming.ts';
import {
  alterShareGroupOffsets,
  type DescribedShareGroup,
  describeShareGroupOffsets,
  type OffsetChange,
  shareGroupDescribe,
} from './wire.ts';

const STATES = new Set<string>(['EMPTY', 'STABLE', 'DEAD']);
const state = (raw: string): ShareGroupState => {
  const upper = raw.toUpperCase();
  return STATES.has(upper) ? (upper as ShareGroupState) : 'UNKNOWN';
};

/** Share groups only (ListGroups with the `share` type filter, KIP-848's v5): one request, no describe. */
export async function listShareGroups(admin: Admin): Promise<ShareGroupSummary[]> {
  // A broker without share groups answers the filtered list empty: say it cannot have any instead.
  await requireApi(admin, 'ShareGroupDescribe');
  const groups = await admin.listGroups({ types: ['share'] });
  return [...groups.values()]
    .map((g) => ({ id: g.id, type: 'share' as const, state: state(g.state) }))
    .sort((a, b) => byName(a.id, b.id));
}

async function atCoordinator<T>(
  admin: Admin,
  group: string,
  call: (target: { host: string; port: number }) => Promise<T>,
) {
  return withCoordinators(admin, [group], (coordinators) => {
    const node = coordinators.get(group);
    if (!node) throw new AppError('CLUSTER_UNAVAILABLE', `No coordinator found for share group '${group}'`);
    return call({ host: node.host, port: node.port });
  });
}

/** Members and their assignments (ShareGroupDescribe), start offsets and lag (DescribeShareGroupOffsets). */
export async function describeShareGroup(admin: Admin, group: string): Promise<ShareGroup> {
  return atCoordinator(admin, group, async (target) => {
    const [described] = await sendOwn(admin, target, shareGroupDescribe, [[group]]);
    const g = described as DescribedShareGroup;
    // An unknown id is answered as a DEAD group by some versions: both mean there is no such share group.
    if (g.groupState === 'Dead' && g.members.length === 0 && g.groupEpoch <= 0) {
      throw new AppError('NOT_FOUND', `Share group '${group}' not found`);
    }
    const offsets = await sendOwn(admin, target, describeShareGroupOffsets, [group]);
    return {
      id: g.groupId,
      type: 'share',
      state: state(g.groupState),
      groupEpoch: g.groupEpoch,
      assignmentEpoch: g.assignmentEpoch,
      assignor: g.assignorName,
      members: g.members.map((m) => ({
        memberId: m.memberId,
        clientId: m.clientId,
        clientHost: m.clientHost,
        memberEpoch: m.memberEpoch,
        subscribedTopics: m.subscribedTopicNames,
        assignments: m.assignment
          .flatMap((t) => t.partitions.map((partition) => ({ topic: t.topicName, partition })))
          .sort((a, b) => a.topic.localeCompare(b.topic) || a.partition - b.partition),
      })),
      offsets: offsets.topics
        .flatMap((t) =>
          t.partitions.map((p) => ({
            topic: t.topicName,
            partition: p.partitionIndex,
            startOffset: Number(p.startOffset),
            ...(p.lag >= 0n ? { lag: Number(p.lag) } : {}),
          })),
        )
        .sort((a, b) => a.topic.localeCompare(b.topic) || a.partition - b.partition),
    };
  });
}

/**
 * New start offsets, numbers or each partition's EARLIEST/LATEST (read with ListOffsets first). Every
 * partition is checked to exist before anything is sent; Kafka refuses the change while the group has
 * members (409 with its reason).
 */
export async function resetShareGroupOffsets(
  admin: Admin,
  group: string,
  reset: ShareOffsetReset,
): Promise<void> {
  const view = await readMetadata(admin, [...new Set(reset.map((r) => r.topic))]);
  reset.forEach((r, i) => {
    if (!view.topics.get(r.topic)?.partitions.some((p) => p.id === r.partition)) {
      throw new AppError('NOT_FOUND', `Partition ${r.topic}-${r.partition} not found`, {
        fields: [{ field: `body.${i}.partition`, message: 'no such partition' }],
      });
    }
  });
  const needsLog = reset.some((r) => r.to !== undefined);
  const table = needsLog
    ? await partitionOffsets(
        admin,
        view,
        [...new Set(reset.filter((r) => r.to).map((r) => r.topic))].flatMap((t) => view.topics.get(t) ?? []),
      )
    : new Map();
  const byTopic = new Map<string, OffsetChange['partitions']>();
  for (const r of reset) {
    const log = table.get(r.topic)?.get(r.partition);
    const offset = r.offset ?? (r.to === 'EARLIEST' ? log?.first : log?.last);
    if (offset === undefined)
      throw new AppError(
        'CLUSTER_UNAVAILABLE',
        `No offsets for ${r.topic}-${r.partition}: its leader did not answer`,
      );
    byTopic.set(r.topic, [
      ...(byTopic.get(r.topic) ?? []),
      { partition: r.partition, startOffset: BigInt(offset) },
    ]);
  }
  await atCoordinator(admin, group, (target) =>
    sendOwn(admin, target, alterShareGroupOffsets, [
      group,
      [...byTopic].map(([topic, partitions]) => ({ topic, partitions })),
    ]),
  );
}

/** Deletes the share group and its state; Kafka refuses while it has members. */
export async function deleteShareGroup(admin: Admin, group: string): Promise<void> {
  await admin.deleteGroups({ groups: [group] });
}
