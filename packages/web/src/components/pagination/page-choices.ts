/**
 * Page-size choices, plus the current size when it is not one of them (docs/behaviour.md#lists-and-tables).
 */
export const pageSizes = [10, 25, 50, 100, 150, 200] as const;

export function pageSizeChoices(current: number | undefined): number[] {
  const sizes: number[] = [...pageSizes];
  if (current !== undefined && current > 0 && !sizes.includes(current)) sizes.push(current);
  return sizes.sort((a, b) => a - b);
}

/** A typed page number, clamped between 1 and the last page; null when it is not a number. */
export function clampPage(typed: string, totalPages: number): number | null {
  const n = Number.parseInt(typed, 10);
  if (!Number.isFinite(n)) return null;
  return Math.min(Math.max(n, 1), Math.max(totalPages, 1));
}
