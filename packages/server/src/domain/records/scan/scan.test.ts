import { describe, expect, it } from 'vitest';
import { windowSpans } from './scan.ts';

const partition = (id: number, position: number, window = 64, avgBytes = 0) => ({
  partition: id,
  lo: 0,
  position,
  window,
  avgBytes,
});
const plenty = { records: 1_000_000, bytes: 1024 ** 3 };

describe('NEWEST windows', () => {
  it('read the grown window below the position, never below the log start', () => {
    expect(windowSpans([partition(0, 1000), partition(1, 10)], plenty)).toEqual([
      { partition: 0, from: 936, to: 1000 },
      { partition: 1, from: 0, to: 10 },
    ]);
  });

  it('fit the records the budget has left, so no budget cuts one', () => {
    expect(windowSpans([partition(0, 30)], { records: 5, bytes: plenty.bytes })).toEqual([
      { partition: 0, from: 25, to: 30 },
    ]);
    // Five records left over three partitions: one each this round.
    const spans = windowSpans([partition(0, 30), partition(1, 30), partition(2, 30)], {
      records: 5,
      bytes: plenty.bytes,
    });
    expect(spans.map((s) => s.to - s.from)).toEqual([1, 1, 1]);
  });

  it('fit the bytes the budget has left once the record size is known, one record at least', () => {
    const spans = windowSpans([partition(0, 10_000, 4096, 1000), partition(1, 10_000, 4096, 1000)], {
      records: plenty.records,
      bytes: 100_000,
    });
    expect(spans.map((s) => s.to - s.from)).toEqual([50, 50]);
    expect(windowSpans([partition(0, 100, 64, 1000)], { records: 10, bytes: 10 })).toEqual([
      { partition: 0, from: 99, to: 100 },
    ]);
  });
});
