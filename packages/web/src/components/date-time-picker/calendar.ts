export const stepMinutes = 15;

/** The 6×7 days shown for a month, weeks starting on Monday. */
export function monthGrid(year: number, month: number): Date[] {
  const first = new Date(year, month, 1);
  const lead = (first.getDay() + 6) % 7;
  return Array.from({ length: 42 }, (_, i) => new Date(year, month, 1 - lead + i));
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Minutes since midnight for every step of the day, plus the current value when it is off-step. */
export function timeSteps(current: Date | null, step = stepMinutes): number[] {
  const steps = Array.from({ length: (24 * 60) / step }, (_, i) => i * step);
  if (!current) return steps;
  const minutes = current.getHours() * 60 + current.getMinutes();
  return steps.includes(minutes) ? steps : [...steps, minutes].sort((a, b) => a - b);
}

export function withDay(base: Date, day: Date): Date {
  const next = new Date(base);
  next.setFullYear(day.getFullYear(), day.getMonth(), day.getDate());
  return next;
}

export function withMinutes(base: Date, minutes: number): Date {
  const next = new Date(base);
  next.setHours(Math.floor(minutes / 60), minutes % 60, 0, 0);
  return next;
}

/**
 * The day the arrow keys move to inside the month grid (WAI-ARIA date picker pattern): left/right a
 * day, up/down a week, Home/End the week's Monday/Sunday, PageUp/PageDown a month; undefined for
 * any other key.
 */
export function dayAfterKey(day: Date, key: string): Date | undefined {
  const at = (delta: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate() + delta);
  const weekday = (day.getDay() + 6) % 7;
  switch (key) {
    case 'ArrowLeft':
      return at(-1);
    case 'ArrowRight':
      return at(1);
    case 'ArrowUp':
      return at(-7);
    case 'ArrowDown':
      return at(7);
    case 'Home':
      return at(-weekday);
    case 'End':
      return at(6 - weekday);
    case 'PageUp':
    case 'PageDown': {
      const month = day.getMonth() + (key === 'PageUp' ? -1 : 1);
      const last = new Date(day.getFullYear(), month + 1, 0).getDate();
      return new Date(day.getFullYear(), month, Math.min(day.getDate(), last));
    }
    default:
      return undefined;
  }
}
