import { describe, expect, it } from 'vitest';
import { formatIsoDisplay, formatOffsetIso, formatPickerDate, parsePickerDate } from './date-format';

describe('picker format', () => {
  it('formats as dd-MM-yyyy HH:mm', () => {
    expect(formatPickerDate(new Date(2024, 4, 1, 9, 5))).toBe('01-05-2024 09:05');
  });

  it('parses what it formats, with or without a time', () => {
    expect(parsePickerDate('01-05-2024 09:05')).toEqual(new Date(2024, 4, 1, 9, 5));
    expect(parsePickerDate(' 1/5/2024 ')).toEqual(new Date(2024, 4, 1));
    expect(parsePickerDate('31.12.2023 23:59')).toEqual(new Date(2023, 11, 31, 23, 59));
  });

  it('rejects impossible dates and times', () => {
    expect(parsePickerDate('31-02-2024 10:00')).toBeNull();
    expect(parsePickerDate('10-13-2024')).toBeNull();
    expect(parsePickerDate('10-10-2024 24:00')).toBeNull();
    expect(parsePickerDate('2024-05-01')).toBeNull();
    expect(parsePickerDate('')).toBeNull();
  });
});

describe('ISO formats', () => {
  const date = new Date(2024, 0, 2, 3, 4, 5, 6);

  it('shows yyyy-MM-dd HH:mm:ss.SSS', () => {
    expect(formatIsoDisplay(date)).toBe('2024-01-02 03:04:05.006');
  });

  it('sends local time with its offset, denoting the same instant', () => {
    const text = formatOffsetIso(date);
    expect(text).toMatch(/^2024-01-02T03:04:05\.006[+-]\d{2}:\d{2}$/);
    expect(new Date(text).getTime()).toBe(date.getTime());
  });
});
