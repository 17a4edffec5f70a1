import { describe, expect, it } from 'vitest';
import { formatMetric } from './units';

describe('formatMetric', () => {
  it('reads byte rates in B, KB and MB per second (base 1024)', () => {
    const bytes = formatMetric('bytes/s');
    expect(bytes(0)).toBe('0 B/s');
    expect(bytes(512)).toBe('512 B/s');
    expect(bytes(1536)).toBe('1.5 KB/s');
    expect(bytes(5 * 1024 * 1024)).toBe('5 MB/s');
  });

  it('keeps the digits that matter for rates', () => {
    const messages = formatMetric('messages/s');
    expect(messages(0.25)).toBe('0.25 msg/s');
    expect(messages(12.345)).toBe('12.3 msg/s');
    expect(messages(4321.9)).toBe('4,322 msg/s');
    expect(formatMetric('requests/s')(3)).toBe('3 req/s');
  });

  it('reads latencies in ms, and in seconds from one second on', () => {
    const ms = formatMetric('ms');
    expect(ms(35)).toBe('35 ms');
    expect(ms(0.5)).toBe('0.5 ms');
    expect(ms(2100)).toBe('2.1 s');
  });

  it('counts partitions as whole numbers', () => {
    expect(formatMetric('partitions')(3)).toBe('3');
  });
});
