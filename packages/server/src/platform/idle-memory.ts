import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { trimMalloc } from './malloc-trim.ts';

/**
 * Gives memory back once the process has nothing to do (tests/bench/results/cold-start.md). V8
 * keeps the young generation at the size the start or a scan grew it to, and the old generation's free
 * pages, until a collection that aims at a small footprint, which it starts by itself only after another
 * full collection and a quiet spell: an idle console kept 100-115 MiB after its start for as long as it
 * ran. A memory-reducing collection (`flavor: 'last-resort'`, about 40-90 ms of CPU on the idle server)
 * runs IDLE_MS after the start and after a scan that read RELEASE_AFTER_BYTES, when no other such event
 * came meanwhile and no scan is running (`busy`). Code loaded on first use that can be loaded again is let go
 * just before (`releaseWhenIdle`). Then malloc's heaps are trimmed (malloc-trim.ts): the collection frees
 * the fetch answers' memory, which glibc kept as free pages inside its heap.
 */
export const IDLE_MS = 2_000;
/** How long after the collection malloc's heaps are trimmed. */
export const TRIM_AFTER_MS = 500;
/** A scan that read less than this leaves too little behind to be worth a collection. */
export const RELEASE_AFTER_BYTES = 8 * 1024 * 1024;

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
let collect: Collect | undefined;
let timer: NodeJS.Timeout | undefined;
let busy: () => boolean = () => false;
const releases = new Set<() => void>();
/** How many memory-reducing collections ran, and how many trims of malloc's heaps followed; tests read them. */
export const idleMemoryStats = { collections: 0, trims: 0 };

/** V8's `gc()`: the global one under `--expose-gc`, else from a context made after turning the flag on. */
function collector(): Collect {
  if (!collect) {
    const exposed = (globalThis as { gc?: Collect }).gc;
    if (exposed) collect = exposed;
    else {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as Collect;
    }
  }
  return collect;
}

function collectAndTrim(): void {
  collector()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  idleMemoryStats.collections++;
  // V8 frees the collected buffers' memory on a background thread after the collection: trimmed later.
  setTimeout(() => {
    void trimMalloc().then((trimmed) => {
      if (trimmed) idleMemoryStats.trims++;
    });
  }, TRIM_AFTER_MS).unref();
}

/**
 * Has `release` called before the next idle collection, once: it drops what the process can load again
 * (domain/records/filter-library.ts), for that collection to free.
 */
export function releaseWhenIdle(release: () => void): void {
  releases.add(release);
}

/**
 * Asks for a memory-reducing collection once the process has been quiet for IDLE_MS; `whileBusy` says
 * that work is under way (record readers running), and the collection waits for it to end. It is kept
 * for the process's life: a function made at module level, holding nothing of a request.
 */
export function releaseMemoryWhenIdle(whileBusy?: () => boolean): void {
  if (whileBusy) busy = whileBusy;
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    if (busy()) return releaseMemoryWhenIdle();
    if (releases.size === 0) return collectAndTrim();
    for (const release of releases) release();
    releases.clear();
    // In a task of its own: what a release leaves in a WeakRef is held until the current one ends.
    setImmediate(collectAndTrim).unref();
  }, IDLE_MS);
  timer.unref();
}
