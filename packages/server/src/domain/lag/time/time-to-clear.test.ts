import { describe, expect, it } from 'vitest';
import { historyRate, RecentSamples, sampleRate, timeToClear } from './time-to-clear.ts';

const T0 = Date.UTC(2026, 0, 1);
const all = () => true;
const sample = (t: number, lags: Record<string, number>) => ({
  t,
  lags: new Map(Object.entries(lags).map(([k, v]) => [k.replace(':', '\u0000'), v])),
});

describe('time to clear', () => {
  it('is 0 without lag, null while the lag grows or stays, else the lag over the drain rate', () => {
    expect(timeToClear(0, undefined)).toBe(0);
    expect(timeToClear(100, undefined)).toBeNull();
    expect(timeToClear(100, { source: 'SAMPLES', windowMs: 5_000, drainPerSecond: 0 })).toBeNull();
    expect(timeToClear(100, { source: 'SAMPLES', windowMs: 5_000, drainPerSecond: -3 })).toBeNull();
    expect(timeToClear(100, { source: 'SAMPLES', windowMs: 5_000, drainPerSecond: 4 })).toBe(25_000);
  });

  it('measures the rate between two samples over partitions both hold and the caller may read', () => {
    const older = sample(T0, { '0:a': 100, '1:a': 50, '0:secret': 1_000 });
    const newer = sample(T0 + 10_000, { '0:a': 60, '1:a': 50, '0:secret': 0, '2:a': 500 });
    expect(sampleRate(older, newer, (topic) => topic === 'a')).toEqual({
      source: 'SAMPLES',
      windowMs: 10_000,
      drainPerSecond: 4,
    });
    expect(sampleRate(newer, newer, all)).toBeUndefined();
  });

  it('measures the rate from the oldest and newest history samples of the window, summed over topics', () => {
    const points = [
      { timestamp: T0, topic: 'a', lag: 300 },
      { timestamp: T0, topic: 'b', lag: 100 },
      { timestamp: T0 + 60_000, topic: 'a', lag: 250 },
      { timestamp: T0 + 120_000, topic: 'a', lag: 180 },
      { timestamp: T0 + 120_000, topic: 'b', lag: 100 },
    ];
    expect(historyRate(points)).toEqual({ source: 'HISTORY', windowMs: 120_000, drainPerSecond: 1 });
    expect(historyRate(points.slice(0, 2))).toBeUndefined();
  });

  it('keeps recent samples per group and finds the oldest at least a gap before', () => {
    const kept = new RecentSamples();
    kept.add('g', sample(T0, { '0:a': 5 }));
    kept.add('g', sample(T0 + 3_000, { '0:a': 4 }));
    expect(kept.before('g', T0 + 4_000, 2_000)?.t).toBe(T0);
    expect(kept.before('g', T0 + 1_000, 2_000)).toBeUndefined();
    // Older than two minutes: gone.
    kept.add('g', sample(T0 + 200_000, { '0:a': 1 }));
    expect(kept.before('g', T0 + 200_000, 2_000)).toBeUndefined();
    expect(kept.before('other', T0 + 4_000, 2_000)).toBeUndefined();
  });
});
