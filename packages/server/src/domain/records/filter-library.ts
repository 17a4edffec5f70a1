import { createRequire } from 'node:module';
import { releaseMemoryWhenIdle, releaseWhenIdle } from '../../platform/idle-memory.ts';
import type * as RecordFilters from './expression/record-filter.ts';

type FilterLibrary = typeof RecordFilters;
type WithLibrary = FilterLibrary['RecordFilter'] & { [LIBRARY]?: FilterLibrary };

/** Set on the library's RecordFilter class: a filter alive keeps its class, and so its library, alive. */
const LIBRARY = Symbol('filter library');

let loaded: FilterLibrary | undefined;
/** The library let go last, while something may still hold it. */
let letGo: WeakRef<WithLibrary> | undefined;

/**
 * The CEL filter library (expression/record-filter.ts), loaded with the first filter rather than at start
 * (tests/bench/results/cold-start.md), and let go when the server is idle. In the production bundle it is a
 * chunk of its own (build.ts) and about 2.6 MiB of heap once loaded: the CEL runtime, its parser and its
 * Protobuf descriptors, which an idle console kept for its whole life after one filter
 * (tests/bench/results/search.md). Let go at the next idle collection (platform/idle-memory.ts), which
 * loading it asks for, the chunk leaves Node's module cache and the collection frees it; the next filter
 * loads it again, 10 to 30 ms (Node's compile cache holds its code). A filter still in use, a
 * live tail's, keeps its copy alive: that copy is taken back then, never a second one loaded beside it. The
 * sources, run by Node as ES modules, cannot unload a module: there nothing is freed.
 */
export async function filterLibrary(): Promise<FilterLibrary> {
  if (loaded) return loaded;
  const library = letGo?.deref()?.[LIBRARY] ?? (await import('./expression/record-filter.ts'));
  // Another call may have loaded it meanwhile: the module cache gave both the same.
  if (!loaded) {
    Object.defineProperty(library.RecordFilter, LIBRARY, { value: library, configurable: true });
    loaded = library;
    letGo = undefined;
    releaseWhenIdle(letFilterLibraryGo);
    releaseMemoryWhenIdle();
  }
  return loaded;
}

/**
 * Drops the library: its module leaves Node's module cache and its parent's children, which were all that
 * held it (the dominators of an idle server's heap snapshot). Whether it is freed is up to the collector.
 */
export function letFilterLibraryGo(): void {
  if (!loaded) return;
  const library = loaded;
  loaded = undefined;
  letGo = new WeakRef(library.RecordFilter);
  const cache = createRequire(import.meta.url).cache;
  for (const [id, module] of Object.entries(cache)) {
    if (module?.exports !== library) continue;
    delete cache[id];
    const siblings = module.parent?.children;
    const at = siblings?.indexOf(module) ?? -1;
    if (at >= 0) siblings?.splice(at, 1);
  }
}
