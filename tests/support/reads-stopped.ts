import { expect } from 'vitest';
import { fetchStats } from '../../packages/server/src/kafka/fetch/fetch.ts';
import { readerStats } from '../../packages/server/src/kafka/fetch/reader.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After a client left a scan: every reader lets go within 2 s and no fetch follows in the next 500 ms.
 * Answers the count of fetches made so far, to compare with a whole read's.
 */
export async function expectReadsStopped(): Promise<number> {
  const deadline = Date.now() + 2000;
  while (readerStats.active > 0 && Date.now() < deadline) await sleep(10);
  expect(readerStats.active).toBe(0);
  const settled = fetchStats.requests;
  await sleep(500);
  expect(fetchStats.requests).toBe(settled);
  return settled;
}
