import type { OffsetPreviewRow, StreamsGroup, StreamsOffsetReset } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { readMetadata } from '../../kafka/metadata.ts';
import { listOffsets, partitionOffsets } from '../../kafka/offsets.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { deleteGroup, updateGroupOffsets } from '../groups/group-write.ts';
import { describeStreamsApp } from './streams-groups.ts';

/** What a reset may move: the topics the app reads from outside (its repartition topics are its own). */
const externalInputs = (g: StreamsGroup) =>
  g.protocol === 'streams'
    ? [...new Set(g.subtopologies.flatMap((s) => s.sourceTopics))]
    : [...new Set(g.offsets.map((o) => o.topic))].filter((t) => !g.internalTopics.includes(t));

/** Kafka takes offset changes and deletes only from a group without members (kafka-streams-groups.sh too). */
function refuseWhileActive(g: StreamsGroup, doing: string): void {
  if (g.members.length > 0 || (g.state !== 'EMPTY' && g.state !== 'DEAD')) {
    throw conflict(
      `Streams group '${g.id}' must be inactive first: it is ${g.state} with ${g.members.length} member${g.members.length === 1 ? '' : 's'}; stop the application's instances before ${doing}`,
    );
  }
}

/**
 * Moves the committed offsets of the app's input topics (every source topic, or those named) to the
 * earliest, the latest or the first offset at a time; the preview answers, per partition, where the group
 * is, where it would be and the lag before and after, as the consumer groups' reset does. Without
 * `dryRun` the group must be inactive; the offsets are committed in one request.
 */
export async function resetStreamsOffsets(
  admin: Admin,
  group: string,
  reset: StreamsOffsetReset,
  dryRun: boolean,
  visible: (topic: string) => boolean,
): Promise<OffsetPreviewRow[]> {
  const g = await describeStreamsApp(admin, group);
  const inputs = externalInputs(g);
  // Named topics were checked against TOPIC READ by the guard; the default is those the caller may read.
  const named = reset.topics ?? inputs.filter(visible);
  named.forEach((topic, i) => {
    if (!inputs.includes(topic)) {
      throw badRequest(`body.topics.${i}`, `'${topic}' is not an input topic of streams group '${group}'`);
    }
  });
  if (named.length === 0) throw conflict(`Streams group '${group}' has no input topic to reset`);
  const view = await readMetadata(admin, named);
  const topics = [...view.topics.values()];
  const [ends, at] = await Promise.all([
    partitionOffsets(admin, view, topics),
    reset.to === 'TIMESTAMP' && reset.timestamp
      ? listOffsets(admin, view, topics, BigInt(Date.parse(reset.timestamp)))
      : Promise.resolve(undefined),
  ]);
  const update = topics.flatMap((t) =>
    t.partitions.map((p) => {
      const range = ends.get(t.name)?.get(p.id) ?? { first: 0, last: 0 };
      const found = at?.get(t.name)?.get(p.id)?.offset;
      const offset =
        reset.to === 'EARLIEST'
          ? range.first
          : reset.to === 'LATEST' || found === undefined || found < 0
            ? range.last
            : found;
      return { topic: t.name, partition: p.id, offset };
    }),
  );
  if (!dryRun) refuseWhileActive(g, 'resetting its offsets');
  const rows = await updateGroupOffsets(admin, group, update, true);
  if (dryRun) return rows;
  const byTopic = new Map<string, { partition: number; offset: bigint }[]>();
  for (const r of rows)
    byTopic.set(r.topic, [
      ...(byTopic.get(r.topic) ?? []),
      { partition: r.partition, offset: BigInt(r.newOffset) },
    ]);
  await admin.alterConsumerGroupOffsets({
    groupId: group,
    topics: [...byTopic].map(([name, partitionOffsets]) => ({ name, partitionOffsets })),
  });
  return rows;
}

/** Deletes an inactive Streams app's group (its committed offsets with it); its internal topics stay. */
export async function deleteStreamsGroup(admin: Admin, group: string): Promise<void> {
  const g = await describeStreamsApp(admin, group);
  if (g.protocol === 'classic') return deleteGroup(admin, group);
  refuseWhileActive(g, 'deleting it');
  await admin.deleteGroups({ groups: [group] });
}
