import { SEARCH_EVENT, type SearchBody, type SearchEnd, type SearchEvent } from '@console/contract';
import { toDataRecord } from '../view/record-view.ts';
import { formatCursor } from './cursor.ts';
import { sortForDisplay, takeInOrder } from './merge.ts';
import { percentDone, positionsAt, type ScanPlan, type Unavailable, unavailableOf } from './plan.ts';
import { type ScanSource, scanMatches } from './scan.ts';

/** An empty `searchBody` (progress only) goes out at most this often. */
const PROGRESS_EVERY_MS = 500;

/**
 * The search stream (docs/api-conventions.md#search-stream): `searchBody` events with the matches found since
 * the last one, the cursor and the true share of the range read; then one `searchEnd` with where to resume
 * and why the scan stopped (page full, range read, or a budget). Scans in the sort's direction.
 */
export async function* searchEvents(
  source: ScanSource,
  plan: ScanPlan,
  size: number,
  maxLength: number | undefined,
): AsyncGenerator<SearchEvent> {
  const cursor = new Map(plan.cursor);
  let remaining = size;
  let lastProgress = 0;
  const percent = () => Math.round(percentDone(plan, positionsAt(plan, cursor)) * 100) / 100;
  const end = (
    reason: SearchEnd['reason'],
    scanned: SearchEnd['scanned'],
    unreadable: readonly Unavailable[] = [],
  ): SearchEvent => {
    const after = formatCursor(cursor);
    const data: SearchEnd = {
      ...(after ? { after } : {}),
      // The range read or the page full: 100 (docs/behaviour.md#search-progress). A budget: how far it got.
      percent: reason === 'end' || reason === 'limit' ? 100 : percent(),
      reason,
      scanned,
    };
    const failures = source.expression?.report();
    if (failures) data.filterFailures = failures;
    const unavailable = unavailableOf(plan.unavailable, unreadable).unavailable;
    if (unavailable) data.unavailable = unavailable;
    return { event: SEARCH_EVENT.end, data };
  };
  for await (const event of scanMatches(source, plan, () => remaining)) {
    if (event.type === 'end') {
      yield end(event.reason, event.scanned, event.unreadable);
      return;
    }
    const taken = takeInOrder(event.found, plan.direction, remaining, cursor);
    remaining -= taken.length;
    const now = Date.now();
    if (taken.length > 0 || now - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = now;
      const after = formatCursor(cursor);
      const data: SearchBody = {
        ...(taken.length
          ? { records: sortForDisplay(taken, plan.direction).map((v) => toDataRecord(v, maxLength)) }
          : {}),
        ...(after ? { after } : {}),
        percent: percent(),
      };
      yield { event: SEARCH_EVENT.body, data };
    }
    if (remaining <= 0) {
      yield end('limit', source.budget.scanned());
      return;
    }
  }
}
