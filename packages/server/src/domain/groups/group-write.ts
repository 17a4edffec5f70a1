import type { OffsetPreviewRow, OffsetUpdate } from '@console/contract';
import { type Admin, findErrorBy } from '@platformatic/kafka';
import { readMetadata } from '../../kafka/metadata.ts';
import { partitionOffsets } from '../../kafka/offsets.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { committedKey, committedOffsets } from './committed-offsets.ts';
import { groupListing } from './group-read.ts';
import { describeConsumerGroups } from './groups.ts';

/** Kafka refuses offset changes for a group whose members are connected; say so before trying. */
async function refuseWhileActive(admin: Admin, group: string, doing: string): Promise<void> {
  const [described] = await describeConsumerGroups(admin, [await groupListing(admin, group)]);
  const members = described?.members.length ?? 0;
  if (members > 0) {
    throw conflict(
      `Consumer group '${group}' must be inactive first: it has ${members} active member${members === 1 ? '' : 's'}; stop its consumers before ${doing}`,
    );
  }
}

/**
 * The offset reset (docs/api-conventions.md#consumer-groups) and its preview: per partition the committed
 * offset, the new one (kept within the partition's first…last offsets) and the lag before and after. With
 * `dryRun` nothing is committed; otherwise the group must have no active member, and every offset is
 * committed in one request.
 */
export async function updateGroupOffsets(
  admin: Admin,
  group: string,
  update: OffsetUpdate,
  dryRun: boolean,
): Promise<OffsetPreviewRow[]> {
  const names = [...new Set(update.map((u) => u.topic))];
  const view = await readMetadata(admin, names);
  // A topic or partition the body names that Kafka does not know is a 409, as AKHQ answers Kafka's
  // UnknownTopicOrPartition; the field is still named.
  update.forEach((u, i) => {
    const meta = view.topics.get(u.topic);
    const [field, message] = !meta
      ? [`body.${i}.topic`, `Topic '${u.topic}' doesn't exist`]
      : [`body.${i}.partition`, `topic '${u.topic}' has no partition ${u.partition}`];
    if (!meta?.partitions.some((p) => p.id === u.partition)) {
      throw new AppError('CONFLICT', `${field}: ${message}`, { fields: [{ field, message }] });
    }
  });
  const topics = names.map((name) => view.topics.get(name)).filter((t) => t !== undefined);
  const [ends, committed] = await Promise.all([
    partitionOffsets(admin, view, topics),
    committedOffsets(admin, [{ id: group, topics }]),
  ]);
  const current = committed.get(group) ?? new Map();
  const rows = update.map((u): OffsetPreviewRow => {
    const range = ends.get(u.topic)?.get(u.partition) ?? { first: 0, last: u.offset };
    const newOffset = Math.min(Math.max(u.offset, range.first), range.last);
    const now = current.get(committedKey(u.topic, u.partition))?.offset;
    return {
      topic: u.topic,
      partition: u.partition,
      ...(now !== undefined ? { currentOffset: now, lagBefore: Math.max(0, range.last - now) } : {}),
      newOffset,
      lastOffset: range.last,
      lagAfter: range.last - newOffset,
    };
  });
  if (dryRun) return rows;
  await refuseWhileActive(admin, group, 'updating its offsets');
  const byTopic = new Map<string, { partition: number; offset: bigint }[]>();
  for (const r of rows) {
    const list = byTopic.get(r.topic) ?? [];
    list.push({ partition: r.partition, offset: BigInt(r.newOffset) });
    byTopic.set(r.topic, list);
  }
  await admin.alterConsumerGroupOffsets({
    groupId: group,
    topics: [...byTopic].map(([name, partitionOffsets]) => ({ name, partitionOffsets })),
  });
  return rows;
}

/**
 * Deletes the group's committed offsets on every partition of `topic`
 * (docs/api-conventions.md#consumer-groups).
 */
export async function deleteGroupTopicOffsets(admin: Admin, group: string, topic: string): Promise<void> {
  const meta = (await readMetadata(admin, [topic])).topics.get(topic);
  if (!meta) throw conflict(`Topic '${topic}' doesn't exist`);
  try {
    await admin.deleteConsumerGroupOffsets({
      groupId: group,
      topics: [{ name: topic, partitionIndexes: meta.partitions.map((p) => p.id) }],
    });
  } catch (error) {
    if (findErrorBy(error as Error, 'apiId', 'GROUP_SUBSCRIBED_TO_TOPIC')) {
      throw conflict(
        `Consumer group '${group}' is still consuming topic '${topic}': stop its consumers first`,
        error,
      );
    }
    throw error;
  }
}

/** Deletes the group; Kafka refuses one with members (409). */
export async function deleteGroup(admin: Admin, group: string): Promise<void> {
  await refuseWhileActive(admin, group, 'deleting it');
  await admin.deleteGroups({ groups: [group] });
}
