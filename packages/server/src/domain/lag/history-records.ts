import type { LagSample, TopicLag } from './sample.ts';

/**
 * The records of the lag history topic. A point: key `["p", group, topic, bucket]` (bucket = the
 * sample's timestamp divided by the interval), value `{t, lag, p: [[partition, lag]...], m, ms?}` (`ms`:
 * the time lag, for the rules that watch it). Its key
 * names its sample, so compaction only ever drops a point written twice for the same sample (a sampler
 * that failed over mid-sample) and keeps the history; retention.ms and retention.bytes bound it.
 * After a sample's points comes its end mark, key `["s", bucket]`, value `{t, points}`:
 * readers act on a sample (alerts) only once it is whole. The topic has one partition, so that order holds.
 */
export type HistoryRecord =
  | { kind: 'point'; timestamp: number; lag: TopicLag; members: boolean }
  | { kind: 'end'; timestamp: number; points: number };

export type Message = { key: Buffer; value: Buffer; timestamp: number };

export function sampleRecords(sample: LagSample, intervalMs: number): Message[] {
  const t = sample.timestamp;
  const bucket = Math.floor(t / intervalMs);
  const points = sample.lags.map((l) => ({
    key: Buffer.from(JSON.stringify(['p', l.group, l.topic, bucket])),
    value: Buffer.from(
      JSON.stringify({ t, lag: l.lag, p: l.partitions, m: sample.members.get(l.group), ms: l.lagMs }),
    ),
    timestamp: t,
  }));
  const end = {
    key: Buffer.from(JSON.stringify(['s', bucket])),
    value: Buffer.from(JSON.stringify({ t, points: points.length })),
    timestamp: t,
  };
  return [...points, end];
}

/** A record read back, or undefined for anything this version does not write (skipped, never fatal). */
export function readRecord(key: Buffer | null, value: Buffer | null): HistoryRecord | undefined {
  if (!key || !value) return undefined;
  try {
    const k = JSON.parse(key.toString()) as unknown[];
    const v = JSON.parse(value.toString()) as Record<string, unknown>;
    if (typeof v.t !== 'number') return undefined;
    if (k[0] === 'p' && typeof k[1] === 'string' && typeof k[2] === 'string' && typeof v.lag === 'number') {
      const partitions = Array.isArray(v.p) ? (v.p as [number, number][]) : [];
      return {
        kind: 'point',
        timestamp: v.t,
        lag: {
          group: k[1],
          topic: k[2],
          lag: v.lag,
          partitions,
          ...(typeof v.ms === 'number' ? { lagMs: v.ms } : {}),
        },
        members: v.m === true,
      };
    }
    if (k[0] === 's' && typeof v.points === 'number')
      return { kind: 'end', timestamp: v.t, points: v.points };
  } catch {
    return undefined;
  }
  return undefined;
}
