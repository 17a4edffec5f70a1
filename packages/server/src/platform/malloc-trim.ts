/**
 * glibc's `malloc_trim(0)`, called through koffi (a maintained FFI for Node with prebuilt binaries, no
 * compiler needed): it gives the kernel back every whole free page of malloc's heaps, wherever in the heap
 * it lies. glibc does this by itself only for the free space at the top of its main heap, so after a scan
 * the pages of fetch answers freed between longer-lived blocks stayed resident for the life of the process
 * (tests/bench/results/search.md: 26-58 MiB of `[heap]` after scans, 3 MiB once trimmed).
 *
 * Where it cannot be had (another C library such as musl, another platform, koffi not installed beside
 * the bundle) `trimMalloc` does nothing and says so: memory is then given back as glibc alone does.
 */
import { createRequire } from 'node:module';

type Trim = (pad: number) => number;

let loading: Promise<Trim | undefined> | undefined;

function loadTrim(): Promise<Trim | undefined> {
  loading ??= (async () => {
    if (process.platform !== 'linux') return undefined;
    try {
      // Required, not imported: an import() would start Node's ES module loader for this alone (start.ts).
      const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
      return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as Trim;
    } catch {
      return undefined;
    }
  })();
  return loading;
}

/** Trims malloc's heaps; false where there is no glibc `malloc_trim` to call. */
export async function trimMalloc(): Promise<boolean> {
  const trim = await loadTrim();
  if (!trim) return false;
  trim(0);
  return true;
}
