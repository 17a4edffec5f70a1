import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { trimMalloc } from './malloc-trim.ts';

const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;

describe('trimMalloc', () => {
  it('gives back the free pages left between blocks still in use in malloc’s heap', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // Blocks of 60 KB come from malloc's heap (below its mmap threshold); keeping one in fifty leaves the
    // heap full of free pages that glibc does not give back by itself, as a scan's fetch answers did.
    let blocks: Buffer[] = Array.from({ length: 2_000 }, () => Buffer.allocUnsafe(60_000).fill(1));
    const kept = blocks.filter((_, i) => i % 50 === 0);
    blocks = [];
    gc();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = rssMiB();

    expect(await trimMalloc()).toBe(true);

    // About 115 MB were freed between the kept blocks.
    expect(before - rssMiB()).toBeGreaterThan(40);
    expect(kept.every((block) => block.length === 60_000 && block[59_999] === 1)).toBe(true);
  });
});
