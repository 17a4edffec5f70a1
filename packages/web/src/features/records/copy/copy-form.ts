import type { CopyBody, Partition } from '@console/contract';

export type CopyPartition = { id: number; first: number; last: number; checked: boolean; offset: string };
export type CopyErrors = { toTopic?: string; partitions?: string; offsets: Record<number, string> };

export function copyPartitions(partitions: readonly Partition[]): CopyPartition[] {
  return partitions.map((p) => ({
    id: p.id,
    first: p.firstOffset,
    last: p.lastOffset,
    checked: true,
    offset: String(p.firstOffset),
  }));
}

/**
 * The last x records (docs/behaviour.md#produce-and-copy): the last offset minus x, floored at the
 * partition's first offset.
 */
export function lastMessages(partitions: readonly CopyPartition[], count: number): CopyPartition[] {
  return partitions.map((p) => ({ ...p, offset: String(Math.max(p.first, p.last - count)) }));
}

/** Offsets found for a time; a partition with no record at or after it starts at its end (copies nothing). */
export function offsetsAtTime(
  partitions: readonly CopyPartition[],
  found: readonly { partition: number; offset: number }[],
): CopyPartition[] {
  const at = new Map(found.map((f) => [f.partition, f.offset]));
  return partitions.map((p) => ({ ...p, offset: String(at.get(p.id) ?? p.last) }));
}

/**
 * Copy topic (docs/behaviour.md#produce-and-copy): each checked offset a number between first and last; a
 * target topic.
 */
export function validateCopy(toTopic: string, partitions: readonly CopyPartition[]): CopyErrors {
  const errors: CopyErrors = { offsets: {} };
  if (toTopic.trim() === '') errors.toTopic = 'Target topic is required';
  if (!partitions.some((p) => p.checked)) errors.partitions = 'Check at least one partition';
  for (const p of partitions) {
    if (!p.checked) continue;
    const text = p.offset.trim();
    const offset = Number(text);
    if (text === '' || !Number.isInteger(offset)) errors.offsets[p.id] = 'Offset must be a whole number';
    else if (offset < p.first || offset > p.last)
      errors.offsets[p.id] = `Offset must be between ${p.first} and ${p.last}`;
  }
  return errors;
}

export function hasCopyErrors(errors: CopyErrors): boolean {
  return (
    errors.toTopic !== undefined || errors.partitions !== undefined || Object.keys(errors.offsets).length > 0
  );
}

/** Only checked partitions are sent (docs/behaviour.md#produce-and-copy). */
export function toCopyBody(partitions: readonly CopyPartition[]): CopyBody {
  return partitions.filter((p) => p.checked).map((p) => ({ partition: p.id, offset: Number(p.offset) }));
}
