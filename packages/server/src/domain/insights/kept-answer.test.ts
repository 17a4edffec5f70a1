import { describe, expect, it } from 'vitest';
import { KeptAnswer } from './kept-answer.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('kept answers', () => {
  it('waits only for the first computation, then serves the kept value while the next one runs', async () => {
    const kept = new KeptAnswer<number>(20, 10_000);
    let runs = 0;
    const compute = async () => {
      runs++;
      await sleep(30);
      return runs;
    };
    expect(await kept.get('a', compute)).toBe(1);
    expect(await kept.get('a', compute)).toBe(1);
    await sleep(25);
    // Stale: answered with the kept value (not the 2 being computed), one computation for both calls.
    expect(await Promise.all([kept.get('a', compute), kept.get('a', compute)])).toEqual([1, 1]);
    await sleep(40);
    expect(await kept.get('a', compute)).toBe(2);
    expect(runs).toBe(2);
  });

  it('waits again when the kept value is too old, and a failure reaches that caller', async () => {
    const kept = new KeptAnswer<number>(5, 10);
    expect(await kept.get('a', async () => 1)).toBe(1);
    await sleep(20);
    await expect(kept.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await kept.get('a', async () => 3)).toBe(3);
  });
});
