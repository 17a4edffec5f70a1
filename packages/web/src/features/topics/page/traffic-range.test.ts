import { describe, expect, it } from 'vitest';
import { perStep } from './traffic-range';

describe('perStep', () => {
  it('names the unit a bucket is counted in, in the largest whole unit', () => {
    expect(perStep(60_000)).toBe('per minute');
    expect(perStep(900_000)).toBe('per 15 minutes');
    expect(perStep(3_600_000)).toBe('per hour');
    expect(perStep(9_000_000)).toBe('per 2.5 hours');
    expect(perStep(86_400_000 * 3)).toBe('per 3 days');
    expect(perStep(500)).toBe('per 500 milliseconds');
  });
});
