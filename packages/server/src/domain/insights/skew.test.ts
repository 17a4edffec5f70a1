import { describe, expect, it } from 'vitest';
import { sizeSkewFindings, skewed } from './skew.ts';

const GIB = 1024 ** 3;

describe('skewed brokers', () => {
  it('names a broker far above or below the mean, by both ratio and gap', () => {
    const leaders = new Map([
      [1, 40],
      [2, 10],
      [3, 10],
    ]);
    // Mean 20: broker 1 leads twice that; 2 and 3 half of it, 10 away.
    expect(skewed(leaders, 10).map((s) => [s.id, s.high])).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
    expect(skewed(new Map([...leaders, [4, 0]]), 10).map((s) => [s.id, s.high])).toEqual([
      [1, true],
      [4, false],
    ]);
  });

  it('ignores a small gap, even at a large ratio, and a single broker', () => {
    expect(
      skewed(
        new Map([
          [1, 6],
          [2, 1],
          [3, 1],
        ]),
        10,
      ),
    ).toEqual([]);
    expect(skewed(new Map([[1, 500]]), 10)).toEqual([]);
  });

  it('reports size skew only past a gibibyte', () => {
    const small = new Map([
      [1, 300 * 1024 ** 2],
      [2, 10 * 1024 ** 2],
    ]);
    expect(sizeSkewFindings(small)).toEqual([]);
    const big = sizeSkewFindings(
      new Map([
        [1, 12 * GIB],
        [2, 2 * GIB],
        [3, 2 * GIB],
      ]),
    );
    expect(big.map((f) => [f.id, f.evidence])).toEqual([
      ['broker.size-skew:broker:1', ['holds 12.0 GiB; the mean over 3 brokers is 5.3 GiB']],
      ['broker.size-skew:broker:2', ['holds 2.0 GiB; the mean over 3 brokers is 5.3 GiB']],
      ['broker.size-skew:broker:3', ['holds 2.0 GiB; the mean over 3 brokers is 5.3 GiB']],
    ]);
    expect(big[0]?.advice).toMatch(/fills its disks first/);
  });
});
