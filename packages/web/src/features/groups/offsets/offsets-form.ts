import type { GroupOffset, OffsetUpdate } from '@console/contract';

export type PartitionInput = { partition: number; first: number; last: number; offset: string };
export type TopicInput = { topic: string; checked: boolean; partitions: PartitionInput[] };

export const noTopicsChecked = 'Unable to perform operation, no topics checked.';

/** One fieldset per topic, unchecked, each partition starting at its committed offset (else its first). */
export function toTopicInputs(offsets: readonly GroupOffset[]): TopicInput[] {
  const byTopic = new Map<string, PartitionInput[]>();
  for (const o of offsets) {
    const first = o.firstOffset ?? 0;
    const row = {
      partition: o.partition,
      first,
      last: o.lastOffset ?? first,
      offset: String(o.offset ?? first),
    };
    byTopic.set(o.topic, [...(byTopic.get(o.topic) ?? []), row]);
  }
  return [...byTopic]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([topic, partitions]) => ({
      topic,
      checked: false,
      partitions: partitions.sort((a, b) => a.partition - b.partition),
    }));
}

export function setAllChecked(topics: readonly TopicInput[], checked: boolean): TopicInput[] {
  return topics.map((t) => ({ ...t, checked }));
}

export function resetTo(topics: readonly TopicInput[], end: 'first' | 'last'): TopicInput[] {
  return topics.map((t) => ({
    ...t,
    partitions: t.partitions.map((p) => ({ ...p, offset: String(end === 'first' ? p.first : p.last) })),
  }));
}

/** Offsets found at a time; a partition with no record at or after it goes to its end. */
export function atTime(
  topics: readonly TopicInput[],
  found: readonly { topic: string; partition: number; offset: number }[],
): TopicInput[] {
  const at = new Map(found.map((f) => [`${f.topic}#${f.partition}`, f.offset]));
  return topics.map((t) => ({
    ...t,
    partitions: t.partitions.map((p) => ({
      ...p,
      offset: String(at.get(`${t.topic}#${p.partition}`) ?? p.last),
    })),
  }));
}

/** The body for the checked topics, or the error to show (docs/behaviour.md#consumer-groups). */
export function toOffsetUpdate(topics: readonly TopicInput[]): { body: OffsetUpdate } | { error: string } {
  const checked = topics.filter((t) => t.checked);
  if (checked.length === 0) return { error: noTopicsChecked };
  const body: OffsetUpdate = [];
  for (const t of checked) {
    for (const p of t.partitions) {
      const text = p.offset.trim();
      if (!/^\d+$/.test(text))
        return { error: `Offset of ${t.topic} partition ${p.partition} must be a whole number` };
      body.push({ topic: t.topic, partition: p.partition, offset: Number(text) });
    }
  }
  return { body };
}
