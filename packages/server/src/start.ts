/**
 * The bundle's entry (build.ts): V8's compile cache first, then the server. With the cache, a start after
 * the first reads the compiled code of the server's modules from disk instead of compiling them again
 * (tests/bench/results/cold-start.md). The cache lives in NODE_COMPILE_CACHE, else under the system's
 * temporary directory; where neither can be written the server starts as before, only slower.
 */
import { enableCompileCache, flushCompileCache } from 'node:module';

enableCompileCache?.();
await import('./main.ts');
// Written now, once the server listens, not only at a clean exit: a container that is killed keeps it too.
flushCompileCache?.();
