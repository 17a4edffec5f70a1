import { NodeList } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { toNodeRows } from './node-rows';

describe('toNodeRows', () => {
  it('joins host and port, flags the controller and sorts by id', () => {
    const list = NodeList.parse({
      nodes: [
        { id: 2, host: 'kafka-2', port: 9092, rack: 'eu-1b' },
        { id: 1, host: 'kafka-1', port: 9092 },
      ],
      controller: 2,
    });
    expect(toNodeRows(list)).toEqual([
      { id: 1, host: 'kafka-1:9092', controller: false, rack: '' },
      { id: 2, host: 'kafka-2:9092', controller: true, rack: 'eu-1b' },
    ]);
  });
});
