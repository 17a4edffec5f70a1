import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads.ts';

/** A read that ends only when told, and says whether it was aborted. */
function pendingRead() {
  let finish: (value: number) => void = () => undefined;
  const seen: { signal?: AbortSignal; calls: number } = { calls: 0 };
  const read = (signal: AbortSignal) => {
    seen.calls++;
    seen.signal = signal;
    return new Promise<number>((resolve, reject) => {
      finish = resolve;
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  };
  return { read, seen, finish: (v: number) => finish(v) };
}

describe('SharedReads', () => {
  it('shares one read between callers and keeps its answer for the ttl', async () => {
    const reads = new SharedReads<number>(60_000);
    const { read, seen, finish } = pendingRead();
    const a = reads.get('k', undefined, read);
    const b = reads.get('k', undefined, read);
    finish(7);
    expect([await a, await b]).toEqual([7, 7]);
    expect(await reads.get('k', undefined, read)).toBe(7);
    expect(seen.calls).toBe(1);
  });

  it('aborts the read when the last caller leaves, not before', async () => {
    const reads = new SharedReads<number>(60_000);
    const { read, seen } = pendingRead();
    const one = new AbortController();
    const two = new AbortController();
    const a = reads.get('k', one.signal, read);
    const b = reads.get('k', two.signal, read);
    one.abort(new Error('left'));
    await expect(a).rejects.toThrow('left');
    expect(seen.signal?.aborted).toBe(false);
    two.abort(new Error('left too'));
    await expect(b).rejects.toThrow('left too');
    expect(seen.signal?.aborted).toBe(true);
    // Not kept: the next caller reads again.
    const again = pendingRead();
    const c = reads.get('k', undefined, again.read);
    again.finish(3);
    expect(await c).toBe(3);
  });
});
