import type { HistoryRecord } from './history-records.ts';
import { type Point, Series, tierFor } from './series.ts';

export type HistoryPoint = { timestamp: number; topic: string; partition?: number; lag: number };

/**
 * A cluster's lag history in memory, fed by the history topic (reader.ts) on every replica, so that
 * a range is answered without reading the topic again. Bounded: each (group, topic) series holds at most
 * the points of TIERS (about 1,100 at a 60 s interval), and series no sample named within the retention
 * are dropped.
 */
export class LagStore {
  readonly #retentionMs: number;
  readonly #groups = new Map<string, Map<string, Series>>();
  /** Whether each group had members at the newest sample that named it. */
  readonly #members = new Map<string, { t: number; members: boolean }>();
  /** The newest whole sample (its end mark was read). */
  lastSample = 0;

  constructor(retentionMs: number) {
    this.#retentionMs = retentionMs;
  }

  /** Takes one record of the topic; true when it ends a sample. */
  add(record: HistoryRecord): boolean {
    if (record.kind === 'end') {
      this.lastSample = Math.max(this.lastSample, record.timestamp);
      this.#forgetOld(record.timestamp);
      return true;
    }
    const { group, topic, lag, partitions, lagMs } = record.lag;
    let topics = this.#groups.get(group);
    if (!topics) {
      topics = new Map();
      this.#groups.set(group, topics);
    }
    let series = topics.get(topic);
    if (!series) {
      series = new Series();
      topics.set(topic, series);
    }
    series.add(record.timestamp, lag, partitions.flat(), this.#retentionMs, lagMs);
    const known = this.#members.get(group);
    if (!known || known.t <= record.timestamp)
      this.#members.set(group, { t: record.timestamp, members: record.members });
    return false;
  }

  /**
   * A group's lag per topic in [from, to], or per partition (within the last 65 minutes), topics allowed
   * by `allow` only.
   */
  history(
    group: string,
    from: number,
    to: number,
    partitions: boolean,
    allow: (topic: string) => boolean,
  ): HistoryPoint[] {
    const points: HistoryPoint[] = [];
    // Partition detail is kept for the last 65 minutes only (series.ts, TIERS).
    const tier = partitions ? 0 : tierFor(to - from);
    for (const [topic, series] of this.#groups.get(group) ?? []) {
      if (!allow(topic)) continue;
      for (const p of series.range(from, to, tier)) {
        if (!partitions) points.push({ timestamp: p.t, topic, lag: p.lag });
        else
          for (let i = 0; i + 1 < p.parts.length; i += 2) {
            const partition = p.parts[i] as number;
            if (!Number.isNaN(partition))
              points.push({ timestamp: p.t, topic, partition, lag: p.parts[i + 1] as number });
          }
      }
    }
    return points.sort(
      (a, b) => a.timestamp - b.timestamp || (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0),
    );
  }

  /** Every series whose newest point is the sample at `t`, for the alert rules. */
  *at(t: number): Generator<{ group: string; topic: string; series: Series; point: Point }> {
    for (const [group, topics] of this.#groups)
      for (const [topic, series] of topics)
        if (series.latest?.t === t) yield { group, topic, series, point: series.latest };
  }

  /** Whether the group had members at sample `t` (undefined when that sample did not name it). */
  hadMembers(group: string, t: number): boolean | undefined {
    const known = this.#members.get(group);
    return known?.t === t ? known.members : undefined;
  }

  get seriesCount(): number {
    let n = 0;
    for (const topics of this.#groups.values()) n += topics.size;
    return n;
  }

  #forgetOld(now: number): void {
    const oldest = now - this.#retentionMs;
    for (const [group, topics] of this.#groups) {
      for (const [topic, series] of topics) if (series.newest < oldest) topics.delete(topic);
      if (topics.size === 0) {
        this.#groups.delete(group);
        this.#members.delete(group);
      }
    }
  }
}
