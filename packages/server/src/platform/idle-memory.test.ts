import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_MS, idleMemoryStats, releaseMemoryWhenIdle, releaseWhenIdle } from './idle-memory.ts';

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

  it('lets go what was registered once, before the collection, which then frees it though a WeakRef was left to it', async () => {
    // What filter-library.ts does with the CEL chunk: the last strong reference dropped, a WeakRef kept.
    let held: { rows: number[][] } | undefined = { rows: [new Array(100_000).fill(1.5)] };
    let weak: WeakRef<object> | undefined;
    const collections: number[] = [];
    releaseWhenIdle(() => {
      collections.push(idleMemoryStats.collections);
      weak = new WeakRef(held as object);
      held = undefined;
    });
    const before = idleMemoryStats.collections;
    releaseMemoryWhenIdle(() => false);
    await vi.waitFor(() => expect(idleMemoryStats.collections).toBe(before + 1), { timeout: IDLE_MS * 3 });
    expect(collections).toEqual([before]);
    expect(held).toBeUndefined();
    expect(weak?.deref()).toBeUndefined();

    // Once: the next idle collection calls nothing.
    releaseMemoryWhenIdle();
    await vi.waitFor(() => expect(idleMemoryStats.collections).toBe(before + 2), { timeout: IDLE_MS * 3 });
    expect(collections).toEqual([before]);
  });
});
