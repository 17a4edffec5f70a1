import { ConsumerGroupList, parseGroupsMore, Topic } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { groupsOfTopic, toTopicRows } from './topic-rows';

const coordinator = { id: 1, host: 'k', port: 9092 };
const groups = ConsumerGroupList.parse([
  {
    id: 'billing',
    simpleConsumerGroup: false,
    state: 'STABLE',
    coordinator,
    activeTopics: ['orders'],
    topics: ['orders', 'payments'],
    offsets: [
      { topic: 'orders', partition: 0, offset: 40, lastOffset: 100, offsetLag: 60 },
      { topic: 'orders', partition: 1, lastOffset: 5 },
      { topic: 'payments', partition: 0, offset: 1, lastOffset: 2, offsetLag: 1 },
    ],
  },
  { id: 'audit', simpleConsumerGroup: true, state: 'EMPTY', coordinator, topics: ['orders'] },
]);

describe('groupsOfTopic', () => {
  it('marks groups consuming the topic as active; lag counts committed partitions only, null for none', () => {
    expect(groupsOfTopic('orders', groups)).toEqual([
      { id: 'billing', active: true, lag: 60 },
      { id: 'audit', active: false, lag: null },
    ]);
    expect(groupsOfTopic('other', groups)).toEqual([]);
  });
});

describe('toTopicRows', () => {
  const leader = { id: 1, host: 'kafka', port: 9092, leader: true, inSyncReplicas: true };
  const topic = Topic.parse({
    name: 'orders',
    internal: false,
    internalTopic: false,
    streamTopic: false,
    partitions: [
      { id: 0, topic: 'orders', leader, nodes: [leader], firstOffset: 0, lastOffset: 10 },
      { id: 1, topic: 'orders', leader, nodes: [leader], firstOffset: 0, lastOffset: 5 },
    ],
    replicaCount: 1,
    inSyncReplicaCount: 1,
    logDirSize: 2048,
    size: 15,
  });

  it('leaves the detail columns undefined until their calls answer', () => {
    expect(toTopicRows([topic], undefined, undefined)[0]).toEqual({
      name: 'orders',
      count: 15,
      logDirSize: 2048,
      lastRecord: undefined,
      partitions: 2,
      replicationFactor: 1,
      inSync: 1,
      underReplicated: 0,
      offline: 0,
      groups: undefined,
      moreGroups: 0,
      traffic: undefined,
    });
  });

  it('fills the traffic of the last 24 hours from its batched call', () => {
    const hours = Array.from({ length: 24 }, (_, i) => i);
    expect(toTopicRows([topic], undefined, undefined, { orders: hours })[0]?.traffic).toEqual(hours);
  });

  it('counts the partitions without a leader as offline', () => {
    const down = {
      ...topic,
      partitions: topic.partitions.map((p, i) => (i === 1 ? { ...p, leader: undefined } : p)),
    };
    expect(toTopicRows([down], undefined, undefined)[0]?.offline).toBe(1);
  });

  it('fills last record (null when the topic has none) and groups', () => {
    const [row] = toTopicRows([topic], {}, { groups, more: {} });
    expect(row?.lastRecord).toBeNull();
    expect(row?.groups).toHaveLength(2);
    const last = {
      topic: { name: 'orders' },
      partition: 0,
      offset: 41,
      timestamp: '2024-05-01T00:00:00Z',
      value: '{"id":41}',
      headers: [],
      truncated: false,
      exceptions: [],
    };
    const [withRecord] = toTopicRows([topic], { orders: last }, { groups: [], more: {} });
    expect(withRecord?.lastRecord).toBe('2024-05-01T00:00:00Z');
  });

  it('counts the groups beyond those the column was answered, from the x-groups-more header', () => {
    const more = parseGroupsMore('orders=190,other.topic-1=3');
    expect(more).toEqual({ orders: 190, 'other.topic-1': 3 });
    expect(toTopicRows([topic], undefined, { groups, more })[0]?.moreGroups).toBe(190);
    expect(parseGroupsMore(null)).toEqual({});
    expect(parseGroupsMore('orders=x,=4,b=-1')).toEqual({});
  });
});
