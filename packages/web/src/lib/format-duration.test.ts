import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it('picks the largest unit that fits', () => {
    expect(formatDuration(86_400_000)).toBe('1 d');
    expect(formatDuration(604_800_000)).toBe('1 week');
    expect(formatDuration(90_000)).toBe('1.5 min');
    expect(formatDuration(3_600_000 * 5)).toBe('5 h');
  });

  it('never goes below seconds', () => {
    expect(formatDuration(250)).toBe('0.25 s');
    expect(formatDuration(0)).toBe('0 s');
  });

  it('pluralises word units', () => {
    expect(formatDuration(14 * 86_400_000)).toBe('2 weeks');
    expect(formatDuration(2 * 365.25 * 86_400_000)).toBe('2 years');
  });
});
