import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags for a record scan's garbage, which is short-lived nearly all of it (tests/bench/search's topic:
 * 1 M records of about 1 KB per scan). V8 reads these at run time: the process sets them itself once it
 * listens (start.ts; during the start they would cost it the cached code of Node's built-in modules, and
 * the start runs no full collection, from which they hold).
 * - `--heap-growing-percent=200`: a scan promotes a few MB of short-lived objects to the old generation.
 *   V8's own factor (up to 4x the live size after a full collection) let RSS creep, about 5 MiB a scan
 *   (112 to 204 MiB over 16 scans, 2026-11-23). 1.5x (the value until 2026-11-29) kept it flat while
 *   the server's heap was larger; once the start's lazy loading brought the live heap to ~20 MB, the old
 *   generation had ~10 MB of room: a full collection every ~80 ms of a scan (140 in one 1M-record search), the
 *   search 2.3x slower (5.3 s against 2.3, 7.2 CPU-s against 2.1). At 3x: 14 full collections over 8
 *   searches, RSS flat at 109 MiB (peak 115); V8's own factor: 19, peak 145 (search.md).
 * - `--no-allocation-site-pretenuring`: pretenuring sometimes decided, early in the first scan, to
 *   allocate the objects holding fetch answers in the old generation, and the process stayed ~90 MB
 *   larger for its whole life (5 of 9 trial runs; with it off, 0 of 8). The rate did not change.
 * - `--no-sparkplug`: V8's baseline compiler made machine code for every function a scan ran warm, kept
 *   beside the optimized code of the hot ones: the code space was 2 MiB after the bench's searches against
 *   1.3 without it, for the same rates (tests/bench/results/search.md).
 */
export const RUNTIME_FLAGS = [
  '--heap-growing-percent=200',
  '--no-allocation-site-pretenuring',
  '--no-sparkplug',
] as const;
/** V8's defaults for the same flags (`node --v8-options`; node-flags.test.ts checks them). */
export const RUNTIME_FLAG_DEFAULTS = [
  '--heap-growing-percent=0',
  '--allocation-site-pretenuring',
  '--sparkplug',
] as const;

const setAll = (flags: readonly string[]) => {
  for (const flag of flags) setFlagsFromString(flag);
};

/** Whether this process set RUNTIME_FLAGS (`setScanFlags`); an app built in a test's process does not. */
let scanFlags = false;
/** Worker threads started and not yet ready (`workerStarting`). */
let starting = 0;

/** Sets RUNTIME_FLAGS: serve.ts, once the server listens (both entries, main.ts and start.ts, call it). */
export function setScanFlags(): void {
  setAll(RUNTIME_FLAGS);
  scanFlags = true;
}

/**
 * Puts V8's defaults back while a worker thread starts (the scan pool's, domain/records/scan/parallel/):
 * Node starts a thread by compiling its built-in modules with the cached code the node binary carries,
 * made under V8's default flags. With RUNTIME_FLAGS set, V8 refused that code: the worker compiled each
 * module from its source (0.8 MiB of the binary's pages read) and Node kept each new cache for the
 * process's life (0.9 MB of malloc, heaptrack), about 0.7 MiB of idle RSS after a search
 * (tests/bench/results/search.md). `workerReady` sets them again once the last worker starting has loaded
 * its modules; meanwhile the main thread runs with V8's defaults, for the tens of milliseconds a start takes.
 */
export function workerStarting(): void {
  if (scanFlags && starting++ === 0) setAll(RUNTIME_FLAG_DEFAULTS);
}

/** A worker `workerStarting` announced has loaded its modules, or failed before. */
export function workerReady(): void {
  if (!scanFlags || starting === 0) return;
  if (--starting === 0) setAll(RUNTIME_FLAGS);
}

/**
 * The flags production starts Node with (package.json `start`, the Dockerfile, scripts/demo.ts and the
 * benchmarks' console process; a unit test keeps package.json and the Dockerfile in step). Semi-spaces of
 * 4 MiB instead of 16 keep a scan's young generation small: with the growing factor, RSS flat at 147 to
 * 157 MiB over 12 to 30 scans, against 190 to 205 MiB and rising without, at the same rate (fetches of
 * 256 KB; with reader.ts's 512 KB, 159 to 167 MiB). V8 reads the semi-space size only when the process
 * starts; start.ts puts the flag back to its default once the heap is set up.
 */
export const NODE_FLAGS = ['--max-semi-space-size=4'] as const;

/**
 * The environment production starts Node with (the Dockerfile's ENV, package.json `start`, scripts/demo.ts
 * and the benchmarks' console process; the same unit test keeps them in step). glibc's malloc maps blocks
 * from its mmap threshold up with a fresh mapping each, unmapped when freed: every page of such a block
 * is a page fault and a page the kernel clears on first write. A scan's fetch answers are 0.5 to 6 MB, one
 * allocation each (the connection reads an answer into memory of its exact size, docs/dependency-patches.md):
 * at the threshold of 128 KiB (the value until 2026-11-29) that was 267,000 faults and 1.5 s of kernel
 * time in a search of 1M records (3.3 s), at 32 MiB (glibc's largest) 13,000 to 49,000 and 0.5 s (2.4 s).
 * Answers then come from malloc's heap, which keeps freed pages: the idle collection trims it afterwards
 * (malloc-trim.ts), 83 MiB 10 s after the searches against 83 at 128 KiB (tests/bench/results/search.md).
 * A fixed value also stops glibc from moving the threshold by itself. Node cannot change it once running:
 * a start by hand (`node packages/server/dist/main.js`) goes without it unless the shell sets it.
 */
export const NODE_ENV_VARS = { MALLOC_MMAP_THRESHOLD_: '33554432' } as const;

/**
 * V8 options that size the heap (NODE_FLAGS's `--max-semi-space-size=4`, an operator's
 * `--max-old-space-size`) are read once, when the heap is set up. Left set, they only change the hash of
 * V8's flags, and each built-in module the server loads (node:http, node:net, node:crypto and about a
 * hundred more) was compiled from its source at every start, its cached code refused: 18 ms of a start
 * of 170 (tests/bench/results/cold-start.md). start.ts puts them back to their defaults before anything
 * loads; the heap keeps the sizes it was set up with. NODE_FLAGS holds no other V8 flag (tested).
 */
export const HEAP_SIZE_FLAGS = [
  'max-semi-space-size',
  'min-semi-space-size',
  'max-old-space-size',
  'initial-old-space-size',
  'max-heap-size',
  'initial-heap-size',
] as const;
