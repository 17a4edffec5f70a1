import type { TailRecord } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { addTailRecords } from './tail-rows';

const record = (topic: string, partition: number, offset: number, at: number): TailRecord => ({
  topic,
  partition,
  offset,
  timestamp: new Date(at).toISOString(),
  headers: [],
  truncated: false,
  exceptions: [],
});

describe('addTailRecords', () => {
  it('sorts by timestamp ascending across topics and keeps the newest Max Records', () => {
    const rows = addTailRecords(
      [record('a', 0, 0, 3000)],
      [record('b', 0, 5, 1000), record('a', 0, 1, 4000)],
      2,
    );
    expect(rows.map((r) => `${r.topic}-${r.offset}`)).toEqual(['a-0', 'a-1']);
  });

  it('shows a record once when a resumed stream sends it again', () => {
    const first = addTailRecords([], [record('a', 0, 0, 1000)], 50);
    expect(addTailRecords(first, [record('a', 0, 0, 1000), record('a', 0, 1, 2000)], 50)).toHaveLength(2);
  });
});
