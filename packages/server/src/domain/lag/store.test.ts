import { describe, expect, it } from 'vitest';
import type { HistoryRecord } from './history-records.ts';
import { readRecord, sampleRecords } from './history-records.ts';
import { LagStore } from './store.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2026, 0, 1);
const all = () => true;

/** The records a sampler writes for one sample, read back as the reader would. */
function sample(t: number, lags: Record<string, [number, number][]>, members = false): HistoryRecord[] {
  const records = sampleRecords(
    {
      timestamp: t,
      lags: Object.entries(lags).map(([key, partitions]) => {
        const [group, topic] = key.split('/') as [string, string];
        return { group, topic, partitions, lag: partitions.reduce((s, [, l]) => s + l, 0) };
      }),
      members: new Map(Object.keys(lags).map((k) => [k.split('/')[0] as string, members])),
    },
    MINUTE,
  );
  return records.map((r) => readRecord(r.key, r.value) as HistoryRecord);
}

function feed(store: LagStore, records: HistoryRecord[]): void {
  for (const r of records) store.add(r);
}

describe('LagStore', () => {
  it('answers every sample of the last hour per topic, and per partition', () => {
    const store = new LagStore(7 * 24 * HOUR);
    for (let i = 0; i < 10; i++)
      feed(
        store,
        sample(T0 + i * MINUTE, {
          'g/orders': [
            [0, i],
            [1, 2 * i],
          ],
          'g/audit': [[0, 1]],
        }),
      );
    const points = store.history('g', T0, T0 + HOUR, false, all);
    expect(points.filter((p) => p.topic === 'orders').map((p) => p.lag)).toEqual([
      0, 3, 6, 9, 12, 15, 18, 21, 24, 27,
    ]);
    expect(points.filter((p) => p.topic === 'audit')).toHaveLength(10);
    const perPartition = store.history('g', T0 + 9 * MINUTE, T0 + 9 * MINUTE, true, (t) => t === 'orders');
    expect(perPartition).toEqual([
      { timestamp: T0 + 9 * MINUTE, topic: 'orders', partition: 0, lag: 9 },
      { timestamp: T0 + 9 * MINUTE, topic: 'orders', partition: 1, lag: 18 },
    ]);
  });

  it('answers longer ranges with the highest sample of each 5 minutes, then of each hour', () => {
    const store = new LagStore(7 * 24 * HOUR);
    for (let i = 0; i < 3 * 60; i++) feed(store, sample(T0 + i * MINUTE, { 'g/t': [[0, i % 7]] }));
    const day = store.history('g', T0, T0 + 24 * HOUR, false, all);
    expect(day).toHaveLength(36);
    expect(day.every((p) => p.timestamp % (5 * MINUTE) === 0)).toBe(true);
    expect(day[0]?.lag).toBe(4);
    const week = store.history('g', T0, T0 + 7 * 24 * HOUR, false, all);
    expect(week.map((p) => p.lag)).toEqual([6, 6, 6]);
  });

  it('keeps an hour of samples at full resolution, whatever the range asked', () => {
    const store = new LagStore(7 * 24 * HOUR);
    for (let i = 0; i < 3 * 60; i++) feed(store, sample(T0 + i * MINUTE, { 'g/t': [[0, i]] }));
    const hour = store.history('g', T0, T0 + HOUR, false, all);
    expect(hour).toEqual([]);
    const last = store.history('g', T0 + 2 * HOUR, T0 + 3 * HOUR, false, all);
    expect(last.length).toBeGreaterThanOrEqual(59);
  });

  it('forgets series no sample named within the retention', () => {
    const store = new LagStore(HOUR);
    feed(store, sample(T0, { 'old/t': [[0, 1]] }));
    feed(store, sample(T0 + 2 * HOUR, { 'new/t': [[0, 1]] }));
    expect(store.seriesCount).toBe(1);
    expect(store.history('old', 0, T0 + 3 * HOUR, false, all)).toEqual([]);
  });

  it('keeps the history of a topic whose partitions were increased', () => {
    const store = new LagStore(HOUR);
    feed(store, sample(T0, { 'g/t': [[0, 1]] }));
    feed(
      store,
      sample(T0 + MINUTE, {
        'g/t': [
          [0, 2],
          [1, 5],
        ],
      }),
    );
    expect(store.history('g', T0, T0 + MINUTE, true, all)).toEqual([
      { timestamp: T0, topic: 't', partition: 0, lag: 1 },
      { timestamp: T0 + MINUTE, topic: 't', partition: 0, lag: 2 },
      { timestamp: T0 + MINUTE, topic: 't', partition: 1, lag: 5 },
    ]);
  });

  it('leaves out topics the caller may not read', () => {
    const store = new LagStore(HOUR);
    feed(store, sample(T0, { 'g/a': [[0, 1]], 'g/b': [[0, 2]] }));
    expect(store.history('g', T0, T0, false, (t) => t === 'b').map((p) => p.topic)).toEqual(['b']);
  });

  it('skips records it does not know instead of failing', () => {
    expect(readRecord(Buffer.from('not json'), Buffer.from('{}'))).toBeUndefined();
    expect(readRecord(Buffer.from('["x"]'), Buffer.from('{"t":1}'))).toBeUndefined();
    expect(readRecord(null, null)).toBeUndefined();
  });
});
