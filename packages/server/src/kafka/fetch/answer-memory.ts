import { isMarkedAsUntransferable } from 'node:worker_threads';
import type { Chunk } from './types.ts';

/**
 * Frees an answer's memory now (ES2024 `transfer`: moved to an empty buffer, the old one detached), not
 * when a collector next runs. The connection reads each fetch answer into memory of its own
 * (docs/dependency-patches.md); left to the collectors, the answers of a search piled up between their
 * runs: in a scan worker, 70 to 100 MiB more at the peak (tests/bench/results/search-parallel.md).
 */
export function freeMemory(memory: ArrayBuffer): void {
  (memory as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
}

/**
 * Frees the memory of the answers a reader event's chunks were read from, once a scan is done with their
 * records: nothing may read them after, and what the scan keeps (its matches) owns its bytes
 * (batches/record-batches.ts `ownBytes`). Memory already moved away (to a worker thread, and not moved
 * back) or in Node's pool of small buffers (shared with others) is left as it is.
 */
export function freeAnswers(chunks: readonly Chunk[]): void {
  for (const { set } of chunks) {
    const memory = set?.bytes.buffer;
    if (!(memory instanceof ArrayBuffer) || isMarkedAsUntransferable(memory)) continue;
    if (!(memory as ArrayBuffer & { detached: boolean }).detached) freeMemory(memory);
  }
}
