import type { DataRecord } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { recordsToCsv, recordsToJson } from './record-export';

const record = (value: string | undefined, extra: Partial<DataRecord> = {}): DataRecord => ({
  topic: { name: 'orders' },
  partition: 1,
  offset: 7,
  timestamp: '2024-05-01T10:34:56.789Z',
  ...(value === undefined ? {} : { value }),
  headers: [],
  truncated: false,
  exceptions: [],
  ...extra,
});

describe('exporting selected records', () => {
  it('writes CSV with quoting where needed', () => {
    const csv = recordsToCsv([record('say "hi", twice', { key: 'k1', headers: [{ key: 'h', value: 'v' }] })]);
    expect(csv).toBe(
      'partition,offset,timestamp,key,value,headers\r\n' +
        '1,7,2024-05-01T10:34:56.789Z,k1,"say ""hi"", twice","{""h"":""v""}"\r\n',
    );
  });

  it('writes JSON with parsed values, a missing value as null', () => {
    const json = recordsToJson([record('{"a":1}'), record(undefined)]);
    expect(JSON.parse(json ?? '')).toEqual([
      {
        partition: 1,
        offset: 7,
        timestamp: '2024-05-01T10:34:56.789Z',
        key: null,
        value: { a: 1 },
        headers: [],
      },
      { partition: 1, offset: 7, timestamp: '2024-05-01T10:34:56.789Z', key: null, value: null, headers: [] },
    ]);
  });

  it('refuses JSON when any value is not JSON', () => {
    expect(recordsToJson([record('{"a":1}'), record('plain text')])).toBeNull();
  });
});
