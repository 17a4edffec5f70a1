import { NodeList } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { partitionShare, toNodeRows } from './node-rows';

describe('toNodeRows', () => {
  it('joins host and port, flags the controller and sorts by id', () => {
    const list = NodeList.parse({
      id: 'cluster-id',
      nodes: [
        { id: 2, host: 'kafka-2', port: 9092, rack: 'eu-1b' },
        { id: 1, host: 'kafka-1', port: 9092 },
      ],
      controller: { id: 2, host: 'kafka-2', port: 9092, rack: 'eu-1b' },
    });
    expect(toNodeRows(list)).toEqual([
      { id: 1, host: 'kafka-1:9092', controller: false, partitions: '', rack: '' },
      { id: 2, host: 'kafka-2:9092', controller: true, partitions: '', rack: 'eu-1b' },
    ]);
  });
});

describe('partitionShare', () => {
  const stats = [
    { id: 1, countLeader: 2, countInSyncReplicas: 3, totalPartitions: 3 },
    { id: 2, countLeader: 1, countInSyncReplicas: 3, totalPartitions: 3 },
  ];

  it('shows leaders and their share of all partitions with 2 decimals', () => {
    expect(partitionShare(1, stats)).toBe('2 (66.67%)');
    expect(partitionShare(2, stats)).toBe('1 (33.33%)');
  });

  it('gives 0 to a broker without replicas and stays empty before the stats arrive', () => {
    expect(partitionShare(3, stats)).toBe('0 (0.00%)');
    expect(partitionShare(1, [])).toBe('0 (0.00%)');
    expect(partitionShare(1, undefined)).toBe('');
  });
});
