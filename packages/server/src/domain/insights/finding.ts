import type { Insight, InsightCheck, InsightKind, InsightObject, InsightSeverity } from '@console/contract';

/** A finding before the caller's rights and filters are applied (the service keeps these per cluster). */
export type Finding = Insight;

/** What a family of checks found, and how each of its checks went. */
export type CheckResult = { findings: Finding[]; checks: InsightCheck[] };

/** `kind:type:name[:topic]`, the same for the same object on every call, so a link or a filter can hold it. */
export function finding(
  severity: InsightSeverity,
  kind: InsightKind,
  object: InsightObject,
  evidence: string[],
  advice: string,
): Finding {
  const id = [kind, object.type, object.name, ...(object.topic !== undefined ? [object.topic] : [])].join(
    ':',
  );
  return { id, severity, kind, object, evidence, advice };
}

export const ran = (...kinds: InsightKind[]): InsightCheck[] =>
  kinds.map((kind) => ({ kind, status: 'RAN' }));

export const skipped = (reason: string, ...kinds: InsightKind[]): InsightCheck[] =>
  kinds.map((kind) => ({ kind, status: 'SKIPPED', reason }));

export const failed = (reason: string, ...kinds: InsightKind[]): InsightCheck[] =>
  kinds.map((kind) => ({ kind, status: 'FAILED', reason }));

/** "0, 3, 7" for a few partitions, "0, 3, 7, … (12 in all)" for many: evidence stays one short line. */
export function partitionList(ids: readonly number[], shown = 8): string {
  const head = ids.slice(0, shown).join(', ');
  return ids.length > shown ? `${head}, … (${ids.length} in all)` : head;
}

/** "1 broker", "3 brokers". */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const SEVERITY_ORDER: Record<InsightSeverity, number> = { critical: 0, warning: 1, info: 2 };

/** Most severe first, then by kind, then by object name: the same order on every call. */
export function byImportance(a: Finding, b: Finding): number {
  return (
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
