import type { MaskedRecord } from '../../masking/masked-record.ts';
import type { Cursor } from './cursor.ts';
import type { Direction } from './plan.ts';
import type { Found } from './scan.ts';

/**
 * Takes up to `limit` matches across partitions, always the head with the oldest (OLDEST) or newest
 * (NEWEST) timestamp, so each partition gives a prefix of its matches in offset order and the cursor stays
 * exact: no record skipped, none repeated (the AKHQ bug docs/api-conventions.md#cursor notes). Updates
 * `cursor`: a partition whose matches were all taken moves to its `through`, else to its last taken offset.
 */
export function takeInOrder(
  found: ReadonlyMap<number, Found>,
  direction: Direction,
  limit: number,
  cursor: Cursor,
): MaskedRecord[] {
  const heads = new Map([...found.keys()].map((p) => [p, 0]));
  const taken: MaskedRecord[] = [];
  const before = direction === 'OLDEST' ? -1 : 1;
  while (taken.length < limit) {
    let best: { partition: number; view: MaskedRecord } | undefined;
    for (const [partition, index] of heads) {
      const view = found.get(partition)?.views[index];
      if (!view) continue;
      if (!best || compare(view, best.view) === before) best = { partition, view };
    }
    if (!best) break;
    taken.push(best.view);
    heads.set(best.partition, (heads.get(best.partition) ?? 0) + 1);
  }
  for (const [partition, f] of found) {
    const used = heads.get(partition) ?? 0;
    if (used === f.views.length) cursor.set(partition, f.through);
    else if (used > 0) cursor.set(partition, f.views[used - 1]?.raw.offset ?? f.through);
  }
  return taken;
}

/** Timestamp, then partition, then offset: a total order, so equal times still merge the same way. */
function compare(a: MaskedRecord, b: MaskedRecord): number {
  const x = a.raw;
  const y = b.raw;
  if (x.timestamp !== y.timestamp) return x.timestamp < y.timestamp ? -1 : 1;
  if (x.partition !== y.partition) return x.partition < y.partition ? -1 : 1;
  return x.offset < y.offset ? -1 : x.offset > y.offset ? 1 : 0;
}

/**
 * Display order (docs/api-conventions.md#page-of-records): by timestamp, ascending for OLDEST, descending for
 * NEWEST.
 */
export function sortForDisplay(views: MaskedRecord[], direction: Direction): MaskedRecord[] {
  return views.sort((a, b) => (direction === 'OLDEST' ? compare(a, b) : compare(b, a)));
}
