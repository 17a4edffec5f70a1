import type { LastRecords } from '@console/contract';
import { type Admin, FetchIsolationLevels, type fetchV17 } from '@platformatic/kafka';
import { byLeader, readMetadata } from './metadata.ts';
import { partitionOffsets } from './offsets.ts';
import { send } from './protocol.ts';

/** Enough for the last batches of a partition; a larger first batch still comes whole (KIP-74). */
const PARTITION_MAX_BYTES = 256 * 1024;
const RESPONSE_MAX_BYTES = 16 * 1024 * 1024;
/** Fetch-session epoch -1: a one-off fetch that opens no session on the broker. */
const NO_SESSION = -1;
const CONTROL_BATCH = 0x20;

/**
 * Newest record time of each topic. One metadata request, one offsets exchange, then one Fetch per leader
 * for the last two offsets of every non-empty partition: no consumer group is created or joined.
 * The time is the batch's max timestamp, transaction markers left out. Topics with no record are absent.
 */
export async function lastRecords(admin: Admin, names: readonly string[]): Promise<LastRecords> {
  if (names.length === 0) return {};
  const view = await readMetadata(admin, names);
  const topics = [...view.topics.values()];
  const offsets = await partitionOffsets(admin, view, topics);
  const byId = new Map(topics.map((t) => [t.id, t.name]));
  const newest = new Map<string, bigint>();

  await Promise.all(
    byLeader(view, topics).map(async ({ broker, topics: owned }) => {
      const wanted = [...owned]
        .map(([topic, partitions]) => ({
          topic,
          partitions: partitions.flatMap((p) => {
            const o = offsets.get(topic.name)?.get(p.id);
            if (!o || o.last <= o.first) return [];
            return [
              {
                partition: p.id,
                currentLeaderEpoch: p.leaderEpoch,
                fetchOffset: BigInt(Math.max(o.first, o.last - 2)),
                lastFetchedEpoch: -1,
                partitionMaxBytes: PARTITION_MAX_BYTES,
              },
            ];
          }),
        }))
        .filter((t) => t.partitions.length > 0);
      if (wanted.length === 0) return;
      const answer = await send<fetchV17.FetchRequest, fetchV17.FetchResponse>(
        admin,
        broker,
        'Fetch',
        (version) => [
          0,
          1,
          RESPONSE_MAX_BYTES,
          FetchIsolationLevels.READ_COMMITTED,
          0,
          NO_SESSION,
          // Fetch up to v12 names topics; later versions use their ids.
          wanted.map((t) => ({
            topicId: version <= 12 ? t.topic.name : t.topic.id,
            partitions: t.partitions,
          })),
          [],
          '',
        ],
        { partial: true },
      );
      for (const topic of answer.responses) {
        const name = byId.get(topic.topicId) ?? topic.topicId;
        for (const p of topic.partitions) {
          for (const batch of p.records ?? []) {
            if (batch.attributes & CONTROL_BATCH) continue;
            const known = newest.get(name);
            if (known === undefined || batch.maxTimestamp > known) newest.set(name, batch.maxTimestamp);
          }
        }
      }
    }),
  );

  const result: LastRecords = {};
  for (const name of names) {
    const ts = newest.get(name);
    if (ts !== undefined && ts >= 0n) result[name] = { timestamp: new Date(Number(ts)).toISOString() };
  }
  return result;
}
