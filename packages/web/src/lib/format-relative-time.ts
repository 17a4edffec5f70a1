const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365.25 * 86_400_000],
  ['month', 30.4375 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * 'RELATIVE' date-time display (docs/behaviour.md#formats-and-constants), e.g. '5 minutes ago', 'in 2 hours',
 * 'now'.
 */
export function formatRelativeTime(date: Date, now: Date = new Date()): string {
  const diff = date.getTime() - now.getTime();
  const [unit, ms] = units.find(([, size]) => Math.abs(diff) >= size) ?? ['second', 1000];
  return format.format(Math.trunc(diff / ms), unit);
}
