import type { Admin } from '@platformatic/kafka';
import type { ClusterView, TopicMeta } from '../../../kafka/metadata.ts';
import { listOffsets, partitionOffsets } from '../../../kafka/offsets.ts';
import { notFound } from '../../../platform/errors.ts';
import type { Cursor } from './cursor.ts';

export type Direction = 'OLDEST' | 'NEWEST';

/**
 * One partition's part of a scan. `lo`-`hi` is the range the filters select (log start or the first
 * offset at `timestamp`, up to the end offset when the scan began). `position` is where reading goes on:
 * OLDEST reads `[position, hi)` upwards, NEWEST reads `[lo, position)` downwards.
 */
export type PartitionPlan = { partition: number; lo: number; hi: number; position: number };

export type ScanPlan = {
  direction: Direction;
  partitions: PartitionPlan[];
  /** The request's cursor: partitions the scan does not touch keep their value. */
  cursor: Cursor;
  /** Σ (last − first) over the selected partitions: the record count AKHQ reports as `size`. */
  size: number;
  /** Selected partitions that cannot be read now (no leader, or its broker did not answer), and why. */
  unavailable: Unavailable[];
};

export type Unavailable = { partition: number; reason: string };

/** Why a partition's offsets could not be read: it has no leader, or its leader did not answer. */
export function unavailableReason(leader: number): string {
  return leader < 0
    ? 'no leader: the brokers holding its replicas are down'
    : `its leader, broker ${leader}, did not answer`;
}

export type PlanInput = {
  direction: Direction;
  partition?: number | undefined;
  /**
   * Epoch ms: partitions with no record at or after it are left out (docs/api-conventions.md#data-filters).
   */
  timestamp?: number | undefined;
  cursor: Cursor;
};

export async function planScan(
  admin: Admin,
  view: ClusterView,
  meta: TopicMeta,
  input: PlanInput,
): Promise<ScanPlan> {
  const selected = meta.partitions.filter((p) => input.partition === undefined || p.id === input.partition);
  if (selected.length === 0) {
    throw notFound(`Partition '${input.partition}' doesn't exist for topic ${meta.name}`);
  }
  const subset = { ...meta, partitions: selected };
  const [offsets, atTime] = await Promise.all([
    partitionOffsets(admin, view, [subset]),
    input.timestamp === undefined
      ? undefined
      : listOffsets(admin, view, [subset], BigInt(input.timestamp)).then((l) => l.get(meta.name)),
  ]);
  const partitions: PartitionPlan[] = [];
  const unavailable: Unavailable[] = [];
  let size = 0;
  for (const p of selected) {
    const o = offsets.get(meta.name)?.get(p.id);
    if (!o) {
      unavailable.push({ partition: p.id, reason: unavailableReason(p.leader) });
      continue;
    }
    size += o.last - o.first;
    let lo = o.first;
    if (atTime) {
      const found = atTime.get(p.id)?.offset ?? -1;
      if (found < 0 || found >= o.last) continue;
      lo = Math.max(lo, found);
    }
    const hi = o.last;
    const after = input.cursor.get(p.id);
    const position =
      input.direction === 'OLDEST'
        ? Math.min(hi, Math.max(lo, after === undefined ? lo : after + 1))
        : Math.max(lo, Math.min(hi, after === undefined ? hi : after));
    partitions.push({ partition: p.id, lo, hi, position });
  }
  return { direction: input.direction, partitions, cursor: input.cursor, size, unavailable };
}

/** The true share of the selected range read so far, from the positions (0-100). */
export function percentDone(plan: ScanPlan, positions: ReadonlyMap<number, number>): number {
  let total = 0;
  let done = 0;
  for (const p of plan.partitions) {
    const at = positions.get(p.partition) ?? p.position;
    total += p.hi - p.lo;
    done += plan.direction === 'OLDEST' ? at - p.lo : p.hi - at;
  }
  return total === 0 ? 100 : Math.min(100, Math.max(0, (100 * done) / total));
}

/** Where each partition stands once the cursor's records are read (for `percentDone`). */
export function positionsAt(plan: ScanPlan, cursor: Cursor): Map<number, number> {
  const positions = new Map<number, number>();
  for (const p of plan.partitions) {
    const at = cursor.get(p.partition);
    positions.set(
      p.partition,
      at === undefined
        ? p.position
        : plan.direction === 'OLDEST'
          ? Math.max(p.lo, at + 1)
          : Math.max(p.lo, at),
    );
  }
  return positions;
}

/**
 * The partitions a read could not reach, known before it (the plan: no offsets) and while it ran (no
 * leader answered), each once; nothing when all were read.
 */
export function unavailableOf(
  before: readonly Unavailable[],
  during: readonly Unavailable[] = [],
): { unavailable?: Unavailable[] } {
  const all = new Map([...before, ...during].map((u) => [u.partition, u]));
  return all.size ? { unavailable: [...all.values()].sort((a, b) => a.partition - b.partition) } : {};
}
