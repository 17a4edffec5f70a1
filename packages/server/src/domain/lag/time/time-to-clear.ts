import type { LagRateSource } from '@console/contract';
import type { HistoryPoint } from '../store.ts';
import type { LagSample } from './group-lag-read.ts';

/** How fast a group's lag shrinks (records a second; negative: it grows), and over what. */
export type LagRate = { source: LagRateSource; windowMs: number; drainPerSecond: number };

const topicOf = (key: string) => key.slice(key.indexOf('\u0000') + 1);

/**
 * The rate between two samples of the group, over the partitions `allow` keeps that both samples hold
 * (a partition committed on since the older one is not growth).
 */
export function sampleRate(
  older: LagSample,
  newer: LagSample,
  allow: (topic: string) => boolean,
): LagRate | undefined {
  const windowMs = newer.t - older.t;
  if (windowMs <= 0) return undefined;
  let drained = 0;
  for (const [key, lag] of newer.lags) {
    const before = older.lags.get(key);
    if (before !== undefined && allow(topicOf(key))) drained += before - lag;
  }
  return { source: 'SAMPLES', windowMs, drainPerSecond: (drained * 1000) / windowMs };
}

/**
 * The rate from the lag history's points per topic (already limited to the topics the caller may read):
 * the oldest and the newest sample of the window, over the topics both name. Undefined with fewer than
 * two samples.
 */
export function historyRate(points: readonly HistoryPoint[]): LagRate | undefined {
  const byTime = new Map<number, Map<string, number>>();
  for (const p of points) {
    const topics = byTime.get(p.timestamp) ?? new Map<string, number>();
    topics.set(p.topic, p.lag);
    byTime.set(p.timestamp, topics);
  }
  const times = [...byTime.keys()].sort((a, b) => a - b);
  const first = times[0];
  const last = times.at(-1);
  if (first === undefined || last === undefined || last <= first) return undefined;
  const older = byTime.get(first) ?? new Map<string, number>();
  let drained = 0;
  for (const [topic, lag] of byTime.get(last) ?? []) {
    const before = older.get(topic);
    if (before !== undefined) drained += before - lag;
  }
  const windowMs = last - first;
  return { source: 'HISTORY', windowMs, drainPerSecond: (drained * 1000) / windowMs };
}

/**
 * What an operator reads as "time to clear": 0 when there is no lag; null while the lag is not
 * shrinking (or nothing measured how fast it moves); else the lag over the rate it shrinks at.
 */
export function timeToClear(lag: number, rate: LagRate | undefined): number | null {
  if (lag === 0) return 0;
  if (!rate || rate.drainPerSecond <= 0) return null;
  return Math.ceil((lag * 1000) / rate.drainPerSecond);
}

const KEEP_MS = 120_000;
const PER_GROUP = 8;
const MAX_GROUPS = 1_000;

/**
 * The last samples of the groups asked about (at most PER_GROUP each, none older than KEEP_MS, at most
 * MAX_GROUPS groups, the least recently sampled forgotten first): a later answer measures its rate
 * against an earlier one instead of waiting for a second sample.
 */
export class RecentSamples {
  readonly #groups = new Map<string, LagSample[]>();

  add(key: string, sample: LagSample): void {
    const kept = (this.#groups.get(key) ?? []).filter((s) => s.t >= sample.t - KEEP_MS);
    kept.push(sample);
    this.#groups.delete(key);
    this.#groups.set(key, kept.slice(-PER_GROUP));
    if (this.#groups.size > MAX_GROUPS) this.#groups.delete(this.#groups.keys().next().value as string);
  }

  /** The oldest kept sample at least `gapMs` before `t`. */
  before(key: string, t: number, gapMs: number): LagSample | undefined {
    return this.#groups.get(key)?.find((s) => s.t >= t - KEEP_MS && s.t <= t - gapMs);
  }
}
