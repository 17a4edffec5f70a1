import type { DataRecord, Scanned, ScanStop } from '@console/contract';
import type { Cursor } from './scan/cursor.ts';
import { sortForDisplay, takeInOrder } from './scan/merge.ts';
import type { ScanPlan } from './scan/plan.ts';
import { type Found, type ScanSource, scanMatches } from './scan/scan.ts';
import { toDataRecord } from './view/record-view.ts';

export type BrowseResult = {
  records: DataRecord[];
  cursor: Cursor;
  reason: ScanStop;
  /** What the scan read, shown or not; absent when it ended without a figure. */
  scanned: Scanned | undefined;
  /** Partitions no leader answered for while reading (docs/behaviour.md#a-broker-down). */
  unreadable: { partition: number; reason: string }[];
};

/**
 * One page (docs/api-conventions.md#page-of-records): up to `size` matches from each partition, then the
 * `size` first in time order across partitions (newest first for NEWEST). The cursor moves exactly past what
 * the page shows.
 */
export async function browsePage(
  source: ScanSource,
  plan: ScanPlan,
  size: number,
  maxLength: number | undefined,
): Promise<BrowseResult> {
  const collected = new Map<number, Found>();
  const count = (p: number) => collected.get(p)?.views.length ?? 0;
  let reason: ScanStop = 'end';
  let scanned: Scanned | undefined;
  let unreadable: BrowseResult['unreadable'] = [];
  for await (const event of scanMatches(source, plan, (p) => size - count(p), true)) {
    if (event.type === 'end') {
      reason = event.reason;
      scanned = event.scanned;
      unreadable = event.unreadable ?? [];
      break;
    }
    for (const [partition, found] of event.found) {
      const known = collected.get(partition);
      collected.set(partition, { views: [...(known?.views ?? []), ...found.views], through: found.through });
    }
  }
  const cursor = new Map(plan.cursor);
  const taken = takeInOrder(collected, plan.direction, size, cursor);
  if (reason === 'end' && taken.length === size) reason = 'limit';
  const records = sortForDisplay(taken, plan.direction).map((v) => toDataRecord(v, maxLength));
  return { records, cursor, reason, scanned, unreadable };
}
