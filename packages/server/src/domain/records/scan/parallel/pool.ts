import { Worker } from 'node:worker_threads';
import { releaseMemoryWhenIdle } from '../../../../platform/idle-memory.ts';
import { workerReady, workerStarting } from '../../../../platform/node-flags.ts';
import { memoryOf, type ScreenResult, type ScreenTask, type WorkerReady } from './protocol.ts';

/**
 * Workers with no task for this long are ended, so an idle console's memory goes back to what it was: a
 * worker holds about 23 MiB once it has run a scan (its heap and code). Starting one again costs tens of
 * milliseconds, little against a scan that needs one.
 */
const IDLE_MS = 5_000;

/**
 * A worker's young generation: three semi-spaces of 4 MiB, as the main thread's (node-flags.ts
 * NODE_FLAGS). start.ts puts that flag back to V8's default once the main heap is set up, so workers
 * got 16 MiB semi-spaces: with a worker, 206 MiB at a search's peak and 115 MiB while it idled,
 * against 202 and 107 (tests/bench/results/search-parallel.md).
 */
const YOUNG_GENERATION_MB = 12;

/**
 * Where the worker's entry is: beside this module when the TypeScript sources run, `scan-worker.js`
 * beside the bundle's chunks in production (packages/server/build.ts makes it an entry of its own).
 */
function workerEntry(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? './scan-worker.ts' : './scan-worker.js', here);
}

type Slot = { worker: Worker; tasks: Map<number, (result: ScreenResult) => void>; starting: boolean };

/** Counts for tests and the bench: workers running now, started so far, and tasks handed to them. */
export const poolStats = { running: 0, started: 0, tasks: 0 };

/**
 * The scan worker threads (docs/architecture.md#the-record-pipeline), started on the first task and ended
 * after IDLE_MS without one. A task goes to the worker with the fewest in flight. A worker that fails
 * answers each of its tasks with an error (the scan then tests those records itself) and is replaced on
 * the next task. Workers never keep the process alive.
 */
export class ScanPool {
  readonly size: number;
  readonly #slots: Slot[] = [];
  #nextId = 1;
  #idle: NodeJS.Timeout | undefined;

  constructor(size: number) {
    this.size = size;
  }

  run(task: Omit<ScreenTask, 'id'>): Promise<ScreenResult> {
    if (this.#idle) {
      clearTimeout(this.#idle);
      this.#idle = undefined;
    }
    const slot = this.#slot();
    const id = this.#nextId++;
    poolStats.tasks++;
    return new Promise((resolve) => {
      slot.tasks.set(id, resolve);
      if (slot.tasks.size === 1) slot.worker.ref();
      slot.worker.postMessage({ ...task, id }, memoryOf(task.sets));
    });
  }

  /** Ends every worker now (tests; otherwise they end when idle). */
  async close(): Promise<void> {
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = undefined;
    await Promise.all(this.#slots.splice(0).map((s) => this.#end(s)));
  }

  #slot(): Slot {
    if (this.#slots.length < this.size) {
      const least = this.#slots.reduce<Slot | undefined>(
        (best, s) => (!best || s.tasks.size < best.tasks.size ? s : best),
        undefined,
      );
      // Start another worker only when every running one is busy.
      if (!least || least.tasks.size > 0) return this.#start();
      return least;
    }
    return this.#slots.reduce((best, s) => (s.tasks.size < best.tasks.size ? s : best));
  }

  #start(): Slot {
    // With V8's default flags until it has loaded its modules: Node's cached code for them is made so.
    workerStarting();
    let worker: Worker;
    try {
      worker = new Worker(workerEntry(), {
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      });
    } catch (error) {
      workerReady();
      throw error;
    }
    const slot: Slot = { worker, tasks: new Map(), starting: true };
    poolStats.running++;
    poolStats.started++;
    worker.on('message', (result: ScreenResult | WorkerReady) => {
      if ('ready' in result) return this.#ready(slot);
      const done = slot.tasks.get(result.id);
      slot.tasks.delete(result.id);
      done?.(result);
      this.#settled(slot);
    });
    const fail = (error: unknown) => {
      const index = this.#slots.indexOf(slot);
      if (index >= 0) this.#slots.splice(index, 1);
      void this.#end(slot, String(error));
      this.#settled(slot);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`scan worker exited with ${code}`)));
    this.#slots.push(slot);
    return slot;
  }

  /** The worker has loaded its modules, failed or been ended: the scan flags go back (node-flags.ts). */
  #ready(slot: Slot): void {
    if (slot.starting) workerReady();
    slot.starting = false;
  }

  #settled(slot: Slot): void {
    if (slot.tasks.size === 0) slot.worker.unref();
    if (this.#slots.every((s) => s.tasks.size === 0) && !this.#idle) {
      this.#idle = setTimeout(() => {
        this.#idle = undefined;
        // What the workers leave goes back once they have ended, at an idle collection (platform/
        // idle-memory.ts): the main thread's objects that were theirs, then their malloc arena's pages.
        void this.close().then(() => releaseMemoryWhenIdle());
      }, IDLE_MS);
      this.#idle.unref();
    }
  }

  /** Ends the worker; tasks it still had are answered with `error` (their records are tested inline). */
  async #end(slot: Slot, error = 'the scan workers were closed'): Promise<void> {
    this.#ready(slot);
    slot.worker.removeAllListeners('exit');
    slot.worker.removeAllListeners('error');
    slot.worker.on('error', () => undefined);
    for (const [id, done] of slot.tasks) done({ id, error });
    slot.tasks.clear();
    poolStats.running--;
    await slot.worker.terminate();
  }
}

const pools = new Map<number, ScanPool>();

/** The process's pool of `size` workers (one per configured size; the server configures one). */
export function scanPool(size: number): ScanPool {
  let pool = pools.get(size);
  if (!pool) {
    pool = new ScanPool(size);
    pools.set(size, pool);
  }
  return pool;
}
