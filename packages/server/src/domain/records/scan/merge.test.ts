import { describe, expect, it } from 'vitest';
import { MaskedRecord } from '../../masking/masked-record.ts';
import { DecodedRecord } from '../decode/decoded-record.ts';
import { takeInOrder } from './merge.ts';
import type { Found } from './scan.ts';

const view = (partition: number, offset: number, timestamp: number) =>
  new MaskedRecord(
    new DecodedRecord(
      { partition, offset, timestamp, key: null, value: null, headers: [] },
      { topic: 't', schemas: undefined, detectSchemas: false },
    ),
    undefined,
  );
const ids = (views: MaskedRecord[]) => views.map((v) => `${v.raw.partition}-${v.raw.offset}`);

describe('takeInOrder', () => {
  it('takes the oldest heads first, each partition a prefix, and moves the cursor exactly', () => {
    const found = new Map<number, Found>([
      [0, { views: [view(0, 10, 1), view(0, 11, 5), view(0, 12, 6)], through: 14 }],
      // Out of time order inside the partition: offsets still come in order.
      [1, { views: [view(1, 3, 4), view(1, 4, 2)], through: 4 }],
      [2, { views: [], through: 99 }],
    ]);
    const cursor = new Map([[5, 1]]);
    expect(ids(takeInOrder(found, 'OLDEST', 3, cursor))).toEqual(['0-10', '1-3', '1-4']);
    expect(cursor).toEqual(
      new Map([
        [5, 1],
        [0, 10],
        [1, 4],
        [2, 99],
      ]),
    );
  });

  it('takes the newest first for NEWEST and leaves untouched partitions as they were', () => {
    const found = new Map<number, Found>([
      [0, { views: [view(0, 9, 9), view(0, 8, 3)], through: 8 }],
      [1, { views: [view(1, 5, 7)], through: 2 }],
    ]);
    const cursor = new Map([[1, 6]]);
    expect(ids(takeInOrder(found, 'NEWEST', 2, cursor))).toEqual(['0-9', '1-5']);
    expect(cursor).toEqual(
      new Map([
        [1, 2],
        [0, 9],
      ]),
    );
  });
});
