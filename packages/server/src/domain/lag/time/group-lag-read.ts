import { type Admin, FetchIsolationLevels, ListOffsetTimestamps } from '@platformatic/kafka';
import {
  type FirstRecordWant,
  firstRecordKey,
  firstRecordTimestamps,
} from '../../../kafka/fetch/first-records.ts';
import { readMetadata } from '../../../kafka/metadata.ts';
import { listOffsets, partitionOffsets } from '../../../kafka/offsets.ts';
import { notFound } from '../../../platform/errors.ts';
import { committedOffsets, committedTopic } from '../../groups/committed-offsets.ts';
import { listConsumerGroups } from '../../groups/groups.ts';
import { byName } from '../../topics/topic-naming.ts';

/** One committed partition: records behind, and when the first record not consumed was written. */
export type LagRow = { topic: string; partition: number; lag: number; firstUnconsumed?: number };
/** The group's lag per partition ("partition\0topic", as committed-offsets keys it) at `t`. */
export type LagSample = { t: number; lags: Map<string, number> };
export type GroupLagRead = { rows: LagRow[]; sample: LagSample };

/** 404 for a group Kafka does not list (the group screens answer DEAD for those; this route has nothing to say). */
async function checkGroup(admin: Admin, group: string): Promise<void> {
  if (!(await listConsumerGroups(admin)).some((g) => g.id === group))
    throw notFound(`Consumer group '${group}' doesn't exist`);
}

/** The group's committed offsets and the metadata of the topics they are on. */
async function committedOf(admin: Admin, group: string) {
  const committed = (await committedOffsets(admin, [{ id: group, topics: null }])).get(group) ?? new Map();
  const names = [...new Set([...committed.keys()].map(committedTopic))];
  const view = names.length ? await readMetadata(admin, names) : undefined;
  return { committed, view };
}

/**
 * A group's lag per partition, and per lagging partition the timestamp of the first record it has not
 * consumed: one ListGroups, one OffsetFetch, one Metadata, one offsets exchange per leader, then one
 * bounded fetch of that record per lagging partition, batched per leader (first-records.ts). Partitions
 * the group never committed on have no lag and are left out, as in the lag history.
 */
export async function readGroupLag(admin: Admin, group: string, signal?: AbortSignal): Promise<GroupLagRead> {
  await checkGroup(admin, group);
  const { committed, view } = await committedOf(admin, group);
  const t = Date.now();
  if (!view) return { rows: [], sample: { t, lags: new Map() } };
  const ends = await partitionOffsets(admin, view, [...view.topics.values()]);
  const rows: LagRow[] = [];
  const wants: FirstRecordWant[] = [];
  const asked = new Map<LagRow, FirstRecordWant>();
  for (const [key, { offset }] of committed) {
    const name = committedTopic(key);
    const topic = view.topics.get(name);
    const partition = Number(key.slice(0, key.indexOf('\u0000')));
    const end = ends.get(name)?.get(partition);
    if (!topic || !end) continue;
    const lag = Math.max(0, end.last - offset);
    const row = { topic: name, partition, lag };
    rows.push(row);
    if (lag === 0) continue;
    // Below the log start the records are gone: the consumer resumes at the first one left.
    const want = { topic, partition, offset: Math.max(offset, end.first), end: end.last };
    wants.push(want);
    asked.set(row, want);
  }
  const found = await firstRecordTimestamps(admin, view, wants, signal);
  for (const [row, want] of asked) {
    const at = found.get(firstRecordKey(row.topic, row.partition, want.offset));
    if (at !== undefined) row.firstUnconsumed = at;
  }
  rows.sort((a, b) => byName(a.topic, b.topic) || a.partition - b.partition);
  return { rows, sample: sampleOf(rows, t) };
}

const sampleOf = (rows: readonly LagRow[], t: number): LagSample => ({
  t,
  lags: new Map(rows.map((r) => [`${r.partition}\u0000${r.topic}`, r.lag])),
});

/** The group's lag per partition only (offsets, no records): the second sample of a rate. */
export async function sampleGroupLag(admin: Admin, group: string): Promise<LagSample> {
  const { committed, view } = await committedOf(admin, group);
  const t = Date.now();
  if (!view) return { t, lags: new Map() };
  const ends = await listOffsets(
    admin,
    view,
    [...view.topics.values()],
    ListOffsetTimestamps.LATEST,
    FetchIsolationLevels.READ_COMMITTED,
  );
  const lags = new Map<string, number>();
  for (const [key, { offset }] of committed) {
    const end = ends.get(committedTopic(key))?.get(Number(key.slice(0, key.indexOf('\u0000'))));
    if (end) lags.set(key, Math.max(0, end.offset - offset));
  }
  return { t, lags };
}
