import { describe, expect, it } from 'vitest';
import { partitionOffsets } from './partition-offsets';

describe('partitionOffsets', () => {
  it('shows the first and last offsets of the records, and the high-water mark labelled', () => {
    expect(partitionOffsets(0, 2)).toEqual({ range: '0 → 1', mark: 'high-water mark 2' });
    expect(partitionOffsets(5, 6)).toEqual({ range: '5 → 5', mark: 'high-water mark 6' });
    expect(partitionOffsets(1000, 1_234_567)).toEqual({
      range: '1,000 → 1,234,566',
      mark: 'high-water mark 1,234,567',
    });
  });

  it('says empty when no record is left (a new or emptied partition)', () => {
    expect(partitionOffsets(0, 0)).toEqual({ range: 'empty', mark: 'high-water mark 0' });
    expect(partitionOffsets(2, 2)).toEqual({ range: 'empty', mark: 'high-water mark 2' });
  });
});
