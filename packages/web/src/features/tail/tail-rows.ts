import type { DataRecord } from '@console/contract';

export type TailStatus = 'STOPPED' | 'STARTED' | 'PAUSED';

/** docs/behaviour.md#live-tail: Max Records choices, default 50. */
export const MAX_RECORDS = [50, 100, 250, 500, 1000, 2500] as const;
export const DEFAULT_MAX_RECORDS = 50;

export const tailRowId = (r: DataRecord) => `${r.topic.name}\u0000${r.partition}\u0000${r.offset}`;

/**
 * The rows after new records came (docs/behaviour.md#live-tail): sorted by timestamp ascending (ties in
 * partition order), trimmed to the newest `max`; a record already shown (same topic, partition, offset) stays
 * once.
 */
export function addDataRecords(
  rows: readonly DataRecord[],
  incoming: readonly DataRecord[],
  max: number,
): DataRecord[] {
  const seen = new Set(rows.map(tailRowId));
  const merged = [...rows, ...incoming.filter((r) => !seen.has(tailRowId(r)))];
  merged.sort(
    (a, b) =>
      Date.parse(a.timestamp) - Date.parse(b.timestamp) ||
      a.topic.name.localeCompare(b.topic.name) ||
      a.partition - b.partition ||
      a.offset - b.offset,
  );
  return merged.slice(-max);
}
