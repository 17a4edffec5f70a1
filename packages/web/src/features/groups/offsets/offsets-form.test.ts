import { describe, expect, it } from 'vitest';
import {
  atTime,
  noTopicsChecked,
  resetTo,
  setAllChecked,
  toOffsetUpdate,
  toTopicInputs,
} from './offsets-form';

const offsets = [
  { topic: 'b', partition: 1, offset: 5, firstOffset: 2, lastOffset: 9 },
  { topic: 'b', partition: 0, firstOffset: 0, lastOffset: 4 },
  { topic: 'a', partition: 0, offset: 1, firstOffset: 0, lastOffset: 3 },
];

describe('update offsets form', () => {
  it('groups partitions by topic, starting at the committed offset or else the first', () => {
    const topics = toTopicInputs(offsets);
    expect(topics.map((t) => t.topic)).toEqual(['a', 'b']);
    expect(topics[1]?.partitions.map((p) => [p.partition, p.offset])).toEqual([
      [0, '0'],
      [1, '5'],
    ]);
  });

  it('refuses when no topic is checked, and sends only checked topics', () => {
    const topics = toTopicInputs(offsets);
    expect(toOffsetUpdate(topics)).toEqual({ error: noTopicsChecked });
    const b = topics.map((t) => ({ ...t, checked: t.topic === 'b' }));
    expect(toOffsetUpdate(resetTo(b, 'last'))).toEqual({
      body: [
        { topic: 'b', partition: 0, offset: 4 },
        { topic: 'b', partition: 1, offset: 9 },
      ],
    });
  });

  it('takes offsets at a time, sending a partition without a record after it to its end', () => {
    const topics = setAllChecked(toTopicInputs(offsets), true);
    const result = toOffsetUpdate(atTime(topics, [{ topic: 'b', partition: 1, offset: 7 }]));
    expect(result).toEqual({
      body: [
        { topic: 'a', partition: 0, offset: 3 },
        { topic: 'b', partition: 0, offset: 4 },
        { topic: 'b', partition: 1, offset: 7 },
      ],
    });
  });

  it('names a partition whose offset is not a whole number', () => {
    const [a] = setAllChecked(toTopicInputs(offsets), true);
    if (!a) throw new Error('no topic');
    const bad = [
      { ...a, partitions: [{ ...a.partitions[0], partition: 0, first: 0, last: 3, offset: 'x' }] },
    ];
    expect(toOffsetUpdate(bad)).toEqual({ error: 'Offset of a partition 0 must be a whole number' });
  });
});
