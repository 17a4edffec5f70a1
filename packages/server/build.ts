/**
 * `pnpm --filter @console/server build`: the server and its dependencies as one ES module,
 * `dist/main.js`, which production runs (`node packages/server/dist/main.js`). Nothing is stripped or
 * resolved at start: the idle process is about 45 MB smaller than running the TypeScript sources
 * (tests/bench/results/search.md). Not minified, so stack traces in the log stay readable.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, rolldown } from 'rolldown';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * @platformatic/wasm-utils (Kafka's CRC32C, Snappy and LZ4) reads its WebAssembly beside its own module;
 * the bundle carries the file in dist/ and reads it from there.
 */
const wasmBesideBundle: Plugin = {
  name: 'wasm-beside-bundle',
  transform(code, id) {
    if (!id.replaceAll('\\', '/').includes('@platformatic/wasm-utils/dist/')) return null;
    const from = "new URL('../dist/native.wasm', import.meta.url)";
    if (!code.includes(from)) return null;
    this.emitFile({
      type: 'asset',
      fileName: 'native.wasm',
      source: readFileSync(join(dirname(id), 'native.wasm')),
    });
    return code.replace(from, "new URL('./native.wasm', import.meta.url)");
  },
};

const bundle = await rolldown({
  input: join(here, 'src/main.ts'),
  platform: 'node',
  plugins: [wasmBesideBundle],
  onLog(level, log, report) {
    // An import the bundle cannot resolve would fail at run time: fail the build instead.
    if (log.code === 'UNRESOLVED_IMPORT' || log.code === 'MISSING_EXPORT') throw new Error(log.message);
    report(level, log);
  },
});
await bundle.write({
  dir: join(here, 'dist'),
  entryFileNames: 'main.js',
  format: 'esm',
  codeSplitting: false,
});
await bundle.close();
const built = readFileSync(join(here, 'dist/main.js'), 'utf8');
if (!/new URL\(["']\.\/native\.wasm["'], import\.meta\.url\)/.test(built))
  throw new Error('the WebAssembly of @platformatic/wasm-utils is no longer read as build.ts expects');
