import { describe, expect, it } from 'vitest';
import { configKind, humanisedValue } from './config-kind';

describe('configKind', () => {
  it('reads the kind from the name suffix', () => {
    expect(configKind('retention.ms')).toBe('MILLI');
    expect(configKind('log.segment.size')).toBe('BYTES');
    expect(configKind('segment.bytes')).toBe('BYTES');
    expect(configKind('cleanup.policy')).toBe('TEXT');
    expect(configKind('ms.count')).toBe('TEXT');
  });
});

describe('humanisedValue', () => {
  it('humanises durations and sizes', () => {
    expect(humanisedValue('retention.ms', '604800000')).toBe('1 week');
    expect(humanisedValue('segment.bytes', '1073741824')).toBe('1 GB');
  });

  it('shows nothing for text, sentinels and non-numbers', () => {
    expect(humanisedValue('cleanup.policy', 'delete')).toBeNull();
    expect(humanisedValue('retention.bytes', '-1')).toBeNull();
    expect(humanisedValue('flush.ms', '9223372036854775807')).toBe('no limit');
    expect(humanisedValue('retention.ms', 'soon')).toBeNull();
    expect(humanisedValue('retention.ms', '')).toBeNull();
    expect(humanisedValue('retention.ms', undefined)).toBeNull();
  });
});
