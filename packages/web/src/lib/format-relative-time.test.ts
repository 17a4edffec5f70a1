import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-relative-time';

describe('formatRelativeTime', () => {
  const now = new Date('2024-05-01T12:00:00Z');

  it('picks the largest whole unit', () => {
    expect(formatRelativeTime(new Date('2024-05-01T11:55:00Z'), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(new Date('2024-04-29T12:00:00Z'), now)).toBe('2 days ago');
    expect(formatRelativeTime(new Date('2024-05-01T14:30:00Z'), now)).toBe('in 2 hours');
  });

  it('says now below a second', () => {
    expect(formatRelativeTime(new Date('2024-05-01T12:00:00.400Z'), now)).toBe('now');
  });
});
