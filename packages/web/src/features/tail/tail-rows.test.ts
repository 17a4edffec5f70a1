import type { DataRecord } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { addDataRecords } from './tail-rows';

const record = (topic: string, partition: number, offset: number, at: number): DataRecord => ({
  topic: { name: topic },
  partition,
  offset,
  timestamp: new Date(at).toISOString(),
  headers: [],
  truncated: false,
  exceptions: [],
});

describe('addDataRecords', () => {
  it('sorts by timestamp ascending across topics and keeps the newest Max Records', () => {
    const rows = addDataRecords(
      [record('a', 0, 0, 3000)],
      [record('b', 0, 5, 1000), record('a', 0, 1, 4000)],
      2,
    );
    expect(rows.map((r) => `${r.topic.name}-${r.offset}`)).toEqual(['a-0', 'a-1']);
  });

  it('shows a record once when a resumed stream sends it again', () => {
    const first = addDataRecords([], [record('a', 0, 0, 1000)], 50);
    expect(addDataRecords(first, [record('a', 0, 0, 1000), record('a', 0, 1, 2000)], 50)).toHaveLength(2);
  });
});
