import { describe, expect, it } from 'vitest';
import { readUntil, untilShown } from './settled.ts';

/** A read answering 1, 2, 3… one more each time it is asked, as a broker catching up would. */
const counting = () => {
  let reads = 0;
  return { read: async () => ++reads, reads: () => reads };
};

describe('readUntil', () => {
  it('reads again until the answer shows the change, and answers that read', async () => {
    const broker = counting();
    expect(await readUntil(broker.read, (n) => n >= 3)).toBe(3);
    expect(broker.reads()).toBe(3);
  });

  it('gives up after about two seconds with the last answer, not an error', async () => {
    const broker = counting();
    const started = Date.now();
    expect(await readUntil(broker.read, () => false)).toBe(40);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });

  it('leaves a change committed when the read after it fails, in untilShown only', async () => {
    const failing = async (): Promise<number> => {
      throw new Error('CLUSTER_AUTHORIZATION_FAILED');
    };
    await expect(untilShown(failing, () => true)).resolves.toBeUndefined();
    await expect(readUntil(failing, () => true)).rejects.toThrow('CLUSTER_AUTHORIZATION_FAILED');
  });
});
