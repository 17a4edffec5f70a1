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
