import { describe, expect, it } from 'vitest';
import { atLeast, kafkaRelease } from './versions.ts';

describe('the Kafka release of a Connect worker', () => {
  it('reads Apache and Confluent Platform versions', () => {
    expect(kafkaRelease('3.4.1')).toEqual([3, 4]);
    expect(kafkaRelease('4.3.1')).toEqual([4, 3]);
    expect(kafkaRelease('7.4.0-ccs')).toEqual([3, 4]);
    expect(kafkaRelease('7.5.1-ce')).toEqual([3, 5]);
    expect(kafkaRelease('6.2.0-ccs')).toEqual([2, 8]);
    expect(kafkaRelease('8.0.0-ccs')).toEqual([4, 0]);
    expect(kafkaRelease('unknown')).toBeUndefined();
  });

  it('compares a worker with the release a feature needs', () => {
    expect(atLeast('3.4.1', '3.5')).toBe(false);
    expect(atLeast('3.5.0', '3.5')).toBe(true);
    expect(atLeast('4.0.0', '3.7')).toBe(true);
    expect(atLeast('7.4.0-ccs', '3.5')).toBe(false);
    expect(atLeast('garbage', '3.5')).toBeUndefined();
  });
});
