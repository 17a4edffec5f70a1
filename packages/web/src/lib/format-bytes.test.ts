import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('uses base 1024 and three decimals', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1234567)).toBe('1.177 MB');
  });

  it('reaches YB and stays there', () => {
    expect(formatBytes(1024 ** 8)).toBe('1 YB');
    expect(formatBytes(1024 ** 9)).toBe('1024 YB');
  });

  it('honours the decimals argument and negative sizes', () => {
    expect(formatBytes(1234567, 1)).toBe('1.2 MB');
    expect(formatBytes(-2048)).toBe('-2 KB');
  });
});
