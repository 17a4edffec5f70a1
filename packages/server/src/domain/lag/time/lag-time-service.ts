import { setTimeout as sleep } from 'node:timers/promises';
import type { GroupLagTime } from '@console/contract';
import type { KafkaPool } from '../../../kafka/pool.ts';
import type { LagHistoryService } from '../service.ts';
import { type LagRow, type LagSample, readGroupLag, sampleGroupLag } from './group-lag-read.ts';
import { SharedReads } from './shared-reads.ts';
import { historyRate, RecentSamples, sampleRate, timeToClear } from './time-to-clear.ts';

/** How long an answer is kept: a page polling every few seconds costs one read per group and period. */
const CACHE_MS = 5_000;
/** Two samples closer than this say little (consumers commit every few seconds). */
const MIN_GAP_MS = 2_000;
/** With no earlier sample and no history, the second sample is taken this long after the first. */
const SECOND_SAMPLE_MS = 3_000;
/** The lag history's window for the rate: long enough to smooth commit steps, short enough to be now. */
const HISTORY_WINDOW_MS = 5 * 60_000;

type Reading = { rows: LagRow[]; sample: LagSample; older: LagSample | undefined; latest: LagSample };

/**
 * Lag in time per partition and the group's time to clear (docs/api-conventions.md#lag-in-time). The
 * Kafka reads are shared by the callers of one group within CACHE_MS, and stop when the last of them
 * leaves.
 */
export function lagTimeService(pool: KafkaPool, history: LagHistoryService) {
  const reads = new SharedReads<Reading>(CACHE_MS);
  const samples = new RecentSamples();
  const hasHistory = (cluster: string, group: string) =>
    new Set((history.recent(cluster, group, HISTORY_WINDOW_MS, () => true) ?? []).map((p) => p.timestamp))
      .size >= 2;

  const read = (cluster: string, group: string, signal: AbortSignal): Promise<Reading> =>
    pool.run(cluster, async (admin) => {
      const key = JSON.stringify([cluster, group]);
      const { rows, sample } = await readGroupLag(admin, group, signal);
      let older = samples.before(key, sample.t, MIN_GAP_MS);
      samples.add(key, sample);
      let latest = sample;
      if (!older && !hasHistory(cluster, group) && rows.some((r) => r.lag > 0)) {
        await sleep(Math.max(0, sample.t + SECOND_SAMPLE_MS - Date.now()), undefined, { signal });
        latest = await sampleGroupLag(admin, group);
        samples.add(key, latest);
        older = sample;
      }
      return { rows, sample, older, latest };
    });

  return {
    /** `allow` keeps the topics the caller may read: the others are neither answered nor counted. */
    async groupLagTime(
      cluster: string,
      group: string,
      allow: (topic: string) => boolean,
      signal?: AbortSignal,
    ): Promise<GroupLagTime> {
      const reading = await reads.get(JSON.stringify([cluster, group]), signal, (s) =>
        read(cluster, group, s),
      );
      const now = Date.now();
      const partitions = reading.rows
        .filter((r) => allow(r.topic))
        .map(({ topic, partition, lag, firstUnconsumed }) => {
          if (lag === 0) return { topic, partition, lag, lagMs: 0 };
          // A producer's clock ahead of ours (CreateTime) is no negative lag.
          if (firstUnconsumed !== undefined)
            return { topic, partition, lag, lagMs: Math.max(0, now - firstUnconsumed) };
          return { topic, partition, lag };
        });
      const lag = partitions.reduce((sum, p) => sum + p.lag, 0);
      const maxLagMs = partitions.reduce((max, p) => Math.max(max, p.lagMs ?? 0), 0);
      const points = history.recent(cluster, group, HISTORY_WINDOW_MS, allow);
      const rate =
        (points && historyRate(points)) ??
        (reading.older ? sampleRate(reading.older, reading.latest, allow) : undefined);
      return {
        partitions,
        lag,
        maxLagMs,
        timeToClearMs: timeToClear(lag, rate),
        ...(rate ? { rate } : {}),
        timestamp: reading.sample.t,
      };
    },
  };
}
