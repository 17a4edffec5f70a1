import { describe, expect, it } from 'vitest';
import { dayAfterKey, monthGrid, timeSteps, withDay, withMinutes } from './calendar';

describe('monthGrid', () => {
  it('starts on the Monday on or before the 1st and spans six weeks', () => {
    const grid = monthGrid(2024, 4); // May 2024 starts on a Wednesday
    expect(grid).toHaveLength(42);
    expect(grid[0]).toEqual(new Date(2024, 3, 29));
    expect(grid[2]).toEqual(new Date(2024, 4, 1));
  });

  it('starts on the 1st when the month begins on a Monday', () => {
    expect(monthGrid(2024, 0)[0]).toEqual(new Date(2024, 0, 1));
  });
});

describe('timeSteps', () => {
  it('offers 96 quarter-hour steps', () => {
    const steps = timeSteps(null);
    expect(steps).toHaveLength(96);
    expect(steps.slice(0, 3)).toEqual([0, 15, 30]);
  });

  it('keeps an off-step current time selectable', () => {
    expect(timeSteps(new Date(2024, 0, 1, 10, 7))).toContain(607);
    expect(timeSteps(new Date(2024, 0, 1, 10, 15))).toHaveLength(96);
  });
});

describe('withDay / withMinutes', () => {
  it('changes the date or the time only', () => {
    const base = new Date(2024, 0, 1, 10, 30);
    expect(withDay(base, new Date(2024, 5, 9))).toEqual(new Date(2024, 5, 9, 10, 30));
    expect(withMinutes(base, 15 * 61)).toEqual(new Date(2024, 0, 1, 15, 15));
  });
});

describe('dayAfterKey', () => {
  const day = new Date(2024, 0, 31); // a Wednesday
  const text = (d: Date | undefined) => d?.toDateString();
  it('moves by day, week and month inside the grid', () => {
    expect(text(dayAfterKey(day, 'ArrowRight'))).toBe(new Date(2024, 1, 1).toDateString());
    expect(text(dayAfterKey(day, 'ArrowUp'))).toBe(new Date(2024, 0, 24).toDateString());
    expect(text(dayAfterKey(day, 'Home'))).toBe(new Date(2024, 0, 29).toDateString());
    expect(text(dayAfterKey(day, 'End'))).toBe(new Date(2024, 1, 4).toDateString());
    expect(text(dayAfterKey(day, 'PageDown'))).toBe(new Date(2024, 1, 29).toDateString());
    expect(dayAfterKey(day, 'a')).toBeUndefined();
  });
});
