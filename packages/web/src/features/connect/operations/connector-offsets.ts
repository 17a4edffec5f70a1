import type { ConnectorOffset } from '@console/contract';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the offsets editor's text: a JSON array of `{ partition, offset }` whose partition is an object and
 * whose offset is an object or null (null resets that partition), as Connect takes them (KIP-875).
 */
export function parseOffsets(text: string): { offsets: ConnectorOffset[] } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `Not JSON: ${(error as Error).message}` };
  }
  if (!Array.isArray(value) || value.length === 0)
    return { error: 'Give a non-empty list of { "partition": {…}, "offset": {…} }' };
  for (const [i, entry] of value.entries()) {
    if (!isObject(entry) || !isObject(entry.partition))
      return { error: `Entry ${i + 1}: "partition" must be an object` };
    if (entry.offset !== null && !isObject(entry.offset))
      return { error: `Entry ${i + 1}: "offset" must be an object, or null to reset the partition` };
  }
  return { offsets: value as ConnectorOffset[] };
}

/** A sink's offsets are topic partitions (`kafka_topic`, `kafka_partition` → `kafka_offset`). */
export type SinkOffsetRow = { topic: string; partition: number; offset: number | undefined };

export function sinkRows(offsets: readonly ConnectorOffset[]): SinkOffsetRow[] {
  return offsets.map((o) => ({
    topic: String(o.partition.kafka_topic ?? ''),
    partition: Number(o.partition.kafka_partition ?? 0),
    offset: typeof o.offset?.kafka_offset === 'number' ? o.offset.kafka_offset : undefined,
  }));
}
