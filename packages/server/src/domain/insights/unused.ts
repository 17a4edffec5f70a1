import { type Admin, ListOffsetTimestamps } from '@platformatic/kafka';
import type { ClusterView, TopicMeta } from '../../kafka/metadata.ts';
import { listOffsets } from '../../kafka/offsets.ts';
import type { IndexSnapshot } from '../groups/group-index.ts';
import { isInternalName, type TopicNaming } from '../topics/topic-naming.ts';
import { type Finding, finding } from './finding.ts';

const DAY_MS = 86_400_000;

type Offsets = Map<string, Map<number, { offset: number; timestamp: number }>>;

/** The newest record time of each topic (ListOffsets MAX_TIMESTAMP); absent when no partition said. */
async function newestRecords(admin: Admin, view: ClusterView, topics: readonly TopicMeta[]) {
  const max = await listOffsets(admin, view, topics, ListOffsetTimestamps.MAX);
  const newest = new Map<string, number>();
  for (const [topic, partitions] of max)
    for (const { offset, timestamp } of partitions.values())
      if (offset >= 0 && timestamp > (newest.get(topic) ?? -1)) newest.set(topic, timestamp);
  return newest;
}

/** Whether every partition of `topic` answered, with `test` true of each. */
const everyPartition = (
  topic: TopicMeta,
  offsets: Offsets,
  test: (offset: number, partition: number) => boolean,
) =>
  topic.partitions.every((p) => {
    const found = offsets.get(topic.name)?.get(p.id);
    return found !== undefined && test(found.offset, p.id);
  });

/**
 * Topics no group reads (no committed offsets, no assigned member, in the group index) and with no record
 * written in the last `days` by the time index, in at most three ListOffsets rounds, each over fewer
 * topics: the end offsets of the unread topics (a topic whose partitions all end at 0 was never written:
 * unused, no more asked), then the first offset at `days` ago of the others (none: nothing written
 * since), then the newest record time (MAX_TIMESTAMP) of those found unused, for the evidence. Internal
 * topics (Kafka's flag or the configured patterns) are left out: the cluster writes them for itself.
 */
export async function unusedTopicFindings(
  admin: Admin,
  view: ClusterView,
  index: IndexSnapshot,
  naming: TopicNaming,
  days: number,
): Promise<Finding[]> {
  const unread = [...view.topics.values()].filter(
    (t) =>
      !t.internal &&
      !isInternalName(naming, t.name) &&
      // A partition without a leader answers no offsets, which would read as "nothing written".
      t.partitions.every((p) => p.leader >= 0) &&
      index.readersOf([t.name]).length === 0,
  );
  if (unread.length === 0) return [];
  const ends = await listOffsets(admin, view, unread, ListOffsetTimestamps.LATEST);
  const never = unread.filter((t) => everyPartition(t, ends, (end) => end === 0));
  const written = unread.filter((t) => !never.includes(t) && everyPartition(t, ends, () => true));
  const since = written.length
    ? await listOffsets(admin, view, written, BigInt(Date.now() - days * DAY_MS))
    : (new Map() as Offsets);
  // -1: no record at or after that time in the partition.
  const quiet = written.filter((t) => everyPartition(t, since, (offset) => offset < 0));
  const newest = quiet.length ? await newestRecords(admin, view, quiet) : new Map<string, number>();
  const unusedFinding = (t: TopicMeta, facts: string) =>
    finding(
      'info',
      'topic.unused',
      { type: 'topic', name: t.name },
      [
        `no record written in the last ${days} days`,
        facts,
        'no consumer group has offsets on it or members assigned to it',
      ],
      'Nobody writes or reads it: ask its owner, then delete it to free its partitions and disk.',
    );
  return [
    ...never.map((t) => unusedFinding(t, 'never written (every partition ends at offset 0)')),
    ...quiet.map((t) => {
      const last = newest.get(t.name);
      return unusedFinding(
        t,
        last !== undefined && last >= 0
          ? `newest record timestamp ${new Date(last).toISOString()}`
          : 'no record left in the log (all removed by retention)',
      );
    }),
  ];
}
