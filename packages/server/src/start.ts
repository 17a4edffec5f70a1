/**
 * The production bundle's entry, `dist/main.js` (build.ts): it runs the server's CommonJS bundle
 * (`dist/server.js`) with a V8 code cache taken once the server has started and answered, so a start
 * after the first deserializes every function the start runs instead of compiling each on its first call.
 * Node's own compile cache (still on, for the chunks loaded on first use) is taken right after a module is
 * compiled, before it runs: it holds the modules' top level only, and each start compiled the rest again
 * (tests/bench/results/cold-start.md).
 *
 * The cache is a file per bundle (BUILD_ID, a hash of server.js written in by build.ts), Node version
 * and command-line flags, in NODE_COMPILE_CACHE, else the system's temporary directory. V8 refuses a
 * cache made by another V8 or under other flags; the server then starts as without one and writes a new
 * one. Where the directory cannot be written, or is not this user's alone, the server starts without, or
 * with the one the build carries (PRIME below).
 *
 * V8 keeps with cached code a hash of its flags and refuses code cached under other flags: Node's built-in
 * modules carry code compiled under the default flags. So no V8 flag differs from its default while the
 * server starts and loads them (node-flags.ts HEAP_SIZE_FLAGS); the scan flags (RUNTIME_FLAGS) are set
 * once it listens, and while server.js is compiled with its cache, which is written with them set.
 */
import { setFlagsFromString } from 'node:v8';
import { HEAP_SIZE_FLAGS, RUNTIME_FLAG_DEFAULTS, RUNTIME_FLAGS } from './platform/node-flags.ts';

// Read when the heap was set up: put back before any other built-in module loads (node-flags.ts
// HEAP_SIZE_FLAGS), so these are required only then.
for (const flag of HEAP_SIZE_FLAGS) setFlagsFromString(`--${flag}=0`);
const { createHash } = require('node:crypto') as typeof import('node:crypto');
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } =
  require('node:fs') as typeof import('node:fs');
const { createRequire, enableCompileCache, flushCompileCache } =
  require('node:module') as typeof import('node:module');
const { tmpdir } = require('node:os') as typeof import('node:os');
const { join } = require('node:path') as typeof import('node:path');
const { Script } = require('node:vm') as typeof import('node:vm');

/** A hash of dist/server.js, replaced by build.ts. */
declare const BUILD_ID: string;
/** How long after the server listens its code is cached (the first requests' code is in it then). */
const CACHE_AFTER_MS = 1_000;
const PREFIX = 'kafka-console-';
/** Where the build's own cache lives (PRIME below). */
const BUNDLED_DIR = join(__dirname, 'code-cache');

/**
 * The cache directory if it is this user's and nobody else may write it; created if missing. None with
 * NODE_DISABLE_COMPILE_CACHE, as for Node's own.
 */
function cacheDirectory(): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const dir = process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache');
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = statSync(dir);
    if (process.getuid && stat.uid !== process.getuid()) return undefined;
    if (stat.mode & 0o022) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

function readCache(file: string | undefined): Buffer | undefined {
  try {
    return file ? readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the cache whole (a rename), and removes what older bundles left and writes that never ended. */
function saveCache(dir: string, file: string, data: Buffer): void {
  try {
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, data, { mode: 0o600 });
    renameSync(part, file);
    const hourAgo = Date.now() - 3_600_000;
    for (const name of readdirSync(dir)) {
      if (!name.startsWith(PREFIX)) continue;
      const path = join(dir, name);
      const stale = !name.startsWith(`${PREFIX}${BUILD_ID}-`) || name.endsWith('.part');
      if (stale && statSync(path).mtimeMs < hourAgo) rmSync(path, { force: true });
    }
  } catch {
    // A start without the cache is only slower.
  }
}

type Server = { serve?: (argv: string[], env: NodeJS.ProcessEnv) => Promise<void> };

/**
 * `node … dist/main.js --write-code-cache` starts the server, writes its code cache beside the bundle
 * (dist/code-cache/) and exits: the Docker image is built with one made by its own Node under the flags it
 * runs with, so that a container's first start has it too. Read when the other directory has none.
 */
const PRIME = '--write-code-cache';

/** The code cache the build carries, if the directory is not one others may write. */
function bundledCache(name: string): string | undefined {
  try {
    return statSync(BUNDLED_DIR).mode & 0o022 ? undefined : join(BUNDLED_DIR, name);
  } catch {
    return undefined;
  }
}

/** Runs server.js with the code cache if there is one; writes one where there was none or V8 refused it. */
function start(): void {
  const argv = process.argv.slice(2);
  const prime = argv.includes(PRIME);
  const dir = prime ? undefined : cacheDirectory();
  if (dir) enableCompileCache?.(dir);

  const server = join(__dirname, 'server.js');
  // Named by the Node version and flags it holds code for, too.
  const runtime = createHash('sha256').update(`${process.version} ${process.execArgv.join(' ')}`);
  const name = `${PREFIX}${BUILD_ID}-${runtime.digest('hex').slice(0, 8)}.v8`;
  const cacheFile = dir && join(dir, name);
  const cachedData = prime ? undefined : (readCache(cacheFile) ?? readCache(bundledCache(name)));
  // Wrapped as Node wraps a CommonJS module. The bundle holds ASCII only (build.ts): read as Latin-1 it is
  // the same text, without decoding UTF-8.
  const source = readFileSync(server, 'latin1');
  // The cache is written with the scan flags set (below), so they are set as then while it is read, and
  // put back to V8's defaults while the start loads Node's built-ins, which are cached under those.
  for (const flag of RUNTIME_FLAGS) setFlagsFromString(flag);
  // No `importModuleDynamically`: server.js makes no import() (build.ts checks), and Node's ES module loader,
  // which one would start, is not loaded at all.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: server,
    cachedData,
  });
  for (const flag of RUNTIME_FLAG_DEFAULTS) setFlagsFromString(flag);
  const writeCache = !cachedData || script.cachedDataRejected;
  const loaded: { exports: Server } = { exports: {} };
  script.runInThisContext()(loaded.exports, createRequire(server), loaded, server, __dirname);
  const serve = loaded.exports.serve;
  if (!serve) throw new Error(`${server} does not export serve`);

  void serve(
    argv.filter((arg) => arg !== PRIME),
    process.env,
  ).then(() => {
    // serve() has set the scan flags (RUNTIME_FLAGS) once it listened: the cache is written with them.
    if (prime) {
      mkdirSync(BUNDLED_DIR, { recursive: true, mode: 0o755 });
      writeFileSync(join(BUNDLED_DIR, name), script.createCachedData(), { mode: 0o644 });
      process.exit(0);
    }
    setTimeout(() => {
      if (dir && cacheFile && writeCache) saveCache(dir, cacheFile, script.createCachedData());
      flushCompileCache?.();
    }, CACHE_AFTER_MS).unref();
  });
}

start();
