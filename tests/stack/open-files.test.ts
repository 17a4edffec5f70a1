import { describe, expect, it } from 'vitest';
import {
  hardOpenFileLimit,
  openFilesProblem,
  partitionsPerBrokerWithin,
  requestedPartitions,
} from './open-files.ts';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max processes             63704                63704                processes
Max open files            4096                 20000                files
`;

describe('the open-file check of stack:up', () => {
  it('reads the hard limit, not the soft one, and treats unlimited as no limit', () => {
    expect(hardOpenFileLimit(LIMITS)).toBe(20_000);
    expect(hardOpenFileLimit(LIMITS.replace('20000 ', 'unlimited'))).toBe(Number.POSITIVE_INFINITY);
    expect(hardOpenFileLimit()).toBeGreaterThan(0);
  });

  it('refuses 20,000 one-partition topics on one broker under 20,000 files, naming the limit and --brokers 3', () => {
    const problem = openFilesProblem(20_000, 1, 20_000);
    expect(problem).toContain('20000 partitions on 1 broker is 20000 a broker');
    expect(problem).toContain('limit of 20000 open files a process (ulimit -Hn)');
    expect(problem).toContain('at most 18500 partitions');
    expect(problem).toContain('--brokers 3');
  });

  it('lets the same 20,000 partitions start on three brokers, each with its own limit', () => {
    expect(openFilesProblem(20_000, 3, 20_000)).toBeUndefined();
  });

  it("lets the scale bench's 10,300 partitions start on one broker, as it always has", () => {
    expect(openFilesProblem(10_300, 1, 20_000)).toBeUndefined();
  });

  it('asks for more than three brokers when three are not enough', () => {
    expect(partitionsPerBrokerWithin(20_000)).toBe(18_500);
    expect(openFilesProblem(60_000, 3, 20_000)).toContain('--brokers 4');
    expect(partitionsPerBrokerWithin(1_000)).toBe(0);
  });

  it('takes the partitions from --partitions first, then STACK_PARTITIONS, and refuses a bad number', () => {
    expect(requestedPartitions(['up', '--partitions', '12'], { STACK_PARTITIONS: '5' })).toBe(12);
    expect(requestedPartitions(['up'], { STACK_PARTITIONS: '5' })).toBe(5);
    expect(requestedPartitions(['up'], {})).toBeUndefined();
    expect(() => requestedPartitions(['up', '--partitions', 'lots'], {})).toThrow(
      "partitions must be a whole number, got 'lots'",
    );
  });
});
