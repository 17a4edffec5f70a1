import type { Admin } from '@platformatic/kafka';
import type { ClusterView, TopicMeta } from '../../../kafka/metadata.ts';
import { listOffsets } from '../../../kafka/offsets.ts';
import { badRequest } from '../../../platform/errors.ts';
import { parseCursor } from '../scan/cursor.ts';
import { type PartitionPlan, planScan, type ScanPlan } from '../scan/plan.ts';

/** What a redrive or replay reads, as its body says (the fields both share). */
export type MoveRange = {
  selection?: { partition: number; offset: number }[] | undefined;
  partitions?: number[] | undefined;
  offsets?: { partition: number; start?: number | undefined; end?: number | undefined }[] | undefined;
  startTimestamp?: string | undefined;
  endTimestamp?: string | undefined;
  after?: string | undefined;
};

/** The plan, and the test a record must pass to be one of the `selection` (none: every record). */
export type MovePlan = {
  plan: ScanPlan;
  picked: ((partition: number, offset: number) => boolean) | undefined;
};

/**
 * The partitions and offsets a move reads, oldest first, resuming after `after`: the topic's partitions
 * (or those named), each from the first offset at `startTimestamp` (or `start`) to the first at
 * `endTimestamp` (or past `end`), bounded by the log. A `selection` reads from its lowest to its highest
 * offset per partition and keeps only the records it names.
 */
export async function planMove(
  admin: Admin,
  view: ClusterView,
  meta: TopicMeta,
  range: MoveRange,
): Promise<MovePlan> {
  const cursor = parseCursor(range.after);
  if (!cursor) throw badRequest('body.after', 'must be partition-offset pairs joined by _');
  const known = new Set(meta.partitions.map((p) => p.id));
  const check = (partition: number, field: string) => {
    if (!known.has(partition)) {
      throw badRequest(field, `topic '${meta.name}' has no partition ${partition}`);
    }
  };
  range.partitions?.forEach((p, i) => {
    check(p, `body.partitions.${i}`);
  });
  range.offsets?.forEach((o, i) => {
    check(o.partition, `body.offsets.${i}.partition`);
    if (o.start !== undefined && o.end !== undefined && o.end < o.start) {
      throw badRequest(`body.offsets.${i}.end`, 'must not be below start');
    }
  });
  range.selection?.forEach((s, i) => {
    check(s.partition, `body.selection.${i}.partition`);
  });
  const start = range.startTimestamp ? Date.parse(range.startTimestamp) : undefined;
  const end = range.endTimestamp ? Date.parse(range.endTimestamp) : undefined;
  if (start !== undefined && end !== undefined && end <= start) {
    throw badRequest('body.endTimestamp', 'must be after startTimestamp');
  }
  const [plan, ends] = await Promise.all([
    planScan(admin, view, meta, { direction: 'OLDEST', timestamp: start, cursor }),
    end === undefined
      ? undefined
      : listOffsets(admin, view, [meta], BigInt(end)).then((l) => l.get(meta.name)),
  ]);
  const bounds = boundsOf(range);
  const partitions: PartitionPlan[] = [];
  for (const p of plan.partitions) {
    const bound = bounds?.get(p.partition);
    if (bounds && !bound) continue;
    let { lo, hi } = p;
    if (bound?.from !== undefined) lo = Math.max(lo, bound.from);
    if (bound?.to !== undefined) hi = Math.min(hi, bound.to);
    const endAt = ends?.get(p.partition)?.offset;
    // -1: no record at or after endTimestamp, the whole partition lies before it.
    if (endAt !== undefined && endAt >= 0) hi = Math.min(hi, endAt);
    if (hi <= lo) continue;
    partitions.push({ partition: p.partition, lo, hi, position: Math.min(hi, Math.max(lo, p.position)) });
  }
  const size = partitions.reduce((n, p) => n + p.hi - p.lo, 0);
  return { plan: { ...plan, partitions, size }, picked: pickedOf(range.selection) };
}

type Bound = { from?: number | undefined; to?: number | undefined };

/** Per partition, `[from, to)` from the offsets, the selection or the partitions named; undefined: all. */
function boundsOf(range: MoveRange): Map<number, Bound> | undefined {
  const bounds = new Map<number, Bound>();
  if (range.selection) {
    for (const { partition, offset } of range.selection) {
      const b = bounds.get(partition);
      bounds.set(partition, {
        from: Math.min(b?.from ?? offset, offset),
        to: Math.max(b?.to ?? offset + 1, offset + 1),
      });
    }
    return bounds;
  }
  const named = range.partitions ? new Set(range.partitions) : undefined;
  if (range.offsets) {
    for (const o of range.offsets) {
      if (named && !named.has(o.partition)) continue;
      bounds.set(o.partition, { from: o.start, to: o.end === undefined ? undefined : o.end + 1 });
    }
    return bounds;
  }
  if (!named) return undefined;
  for (const p of named) bounds.set(p, {});
  return bounds;
}

function pickedOf(selection: MoveRange['selection']): MovePlan['picked'] {
  if (!selection) return undefined;
  const keys = new Set(selection.map((s) => `${s.partition}-${s.offset}`));
  return (partition, offset) => keys.has(`${partition}-${offset}`);
}
