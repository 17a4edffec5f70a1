import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_MS, idleMemoryStats, releaseMemoryWhenIdle } from './idle-memory.ts';

describe('releaseMemoryWhenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects once the process is quiet, waits while a scan runs, and gives the garbage back', async () => {
    vi.useFakeTimers();
    let garbage: number[][] | undefined = Array.from({ length: 400 }, () => new Array(20_000).fill(1.5));
    const held = process.memoryUsage().heapUsed;
    garbage = undefined;
    expect(garbage).toBeUndefined();

    let scanning = true;
    const before = idleMemoryStats.collections;
    const trims = idleMemoryStats.trims;
    releaseMemoryWhenIdle(() => scanning);
    vi.advanceTimersByTime(IDLE_MS * 3);
    expect(idleMemoryStats.collections).toBe(before);

    scanning = false;
    vi.advanceTimersByTime(IDLE_MS);
    expect(idleMemoryStats.collections).toBe(before + 1);
    // 400 arrays of 20,000 doubles: about 64 MB that the collection freed.
    expect(held - process.memoryUsage().heapUsed).toBeGreaterThan(40 * 1024 * 1024);
    // Then malloc's heaps are trimmed (glibc, this machine).
    await vi.waitFor(() => expect(idleMemoryStats.trims).toBe(trims + 1));
  });

  it('a second request before the quiet spell ends moves the collection, not adds one', () => {
    vi.useFakeTimers();
    const before = idleMemoryStats.collections;
    releaseMemoryWhenIdle(() => false);
    vi.advanceTimersByTime(IDLE_MS / 2);
    releaseMemoryWhenIdle();
    vi.advanceTimersByTime(IDLE_MS / 2 + 1);
    expect(idleMemoryStats.collections).toBe(before);
    vi.advanceTimersByTime(IDLE_MS);
    expect(idleMemoryStats.collections).toBe(before + 1);
  });
});
