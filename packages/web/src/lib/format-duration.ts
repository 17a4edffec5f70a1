// Best unit, never below seconds (docs/behaviour.md#formats-and-constants). Month and year use average
// lengths.
const units = [
  { label: 'year', ms: 365.25 * 86_400_000, plural: true },
  { label: 'month', ms: 30.4375 * 86_400_000, plural: true },
  { label: 'week', ms: 7 * 86_400_000, plural: true },
  { label: 'd', ms: 86_400_000, plural: false },
  { label: 'h', ms: 3_600_000, plural: false },
  { label: 'min', ms: 60_000, plural: false },
  { label: 's', ms: 1000, plural: false },
] as const;

/** Humanises a millisecond duration, e.g. 604800000 → '1 week', 90000 → '1.5 min'. */
export function formatDuration(ms: number, decimals = 2): string {
  if (!Number.isFinite(ms)) return '';
  const abs = Math.abs(ms);
  const unit = units.find((u) => abs >= u.ms) ?? units[units.length - 1];
  if (!unit) return '';
  const value = Number.parseFloat((ms / unit.ms).toFixed(decimals));
  const label = unit.plural && Math.abs(value) !== 1 ? `${unit.label}s` : unit.label;
  return `${value} ${label}`;
}
