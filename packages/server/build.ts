/**
 * `pnpm --filter @console/server build`: the server and its dependencies as ES modules in `dist/`, which
 * production runs (`node packages/server/dist/main.js`). Nothing is stripped or resolved at start: the
 * idle process is about 45 MB smaller than running the TypeScript sources (tests/bench/results/search.md).
 * `main.js` (src/start.ts) turns on V8's compile cache, then loads the server's chunk; what only some
 * requests need (the schema registry's Avro, Protobuf and JSON Schema parsers) is a chunk of its own, loaded
 * on first use. Not minified, so stack traces in the log stay readable.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * @platformatic/kafka compiles the Ajv validators of every client option (about 40) when its modules load,
 * a third of the server's start (tests/bench/results/cold-start.md). Each becomes a validator that compiles
 * on its first call; the library calls them as `validator(options)` and then reads `validator.errors`.
 */
let lazyValidators = 0;
const lazyKafkaValidators: Plugin = {
  name: 'lazy-kafka-validators',
  transform(code, id) {
    if (!/@platformatic\/kafka\/dist\/clients\/\w+\/options\.js$/.test(id.replaceAll('\\', '/'))) return null;
    const lazy = code.replace(/^(export const \w+ = )ajv\.compile\(/gm, (_, head: string) => {
      lazyValidators++;
      return `${head}compileOnFirstUse(`;
    });
    if (lazy === code) return null;
    return `${lazy}
function compileOnFirstUse(schema) {
  let compiled;
  const validate = (data) => {
    compiled ??= ajv.compile(schema);
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  validate.errors = null;
  return validate;
}
`;
  },
};

const bundle = await rolldown({
  input: { main: join(here, 'src/start.ts') },
  platform: 'node',
  plugins: [wasmBesideBundle, lazyKafkaValidators],
  onLog(level, log, report) {
    // An import the bundle cannot resolve would fail at run time: fail the build instead.
    if (log.code === 'UNRESOLVED_IMPORT' || log.code === 'MISSING_EXPORT') throw new Error(log.message);
    report(level, log);
  },
});
rmSync(join(here, 'dist'), { recursive: true, force: true });
await bundle.write({
  dir: join(here, 'dist'),
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
  format: 'esm',
});
await bundle.close();

/**
 * One character past ASCII makes V8 hold a whole chunk's source as two bytes a character: the server's
 * chunk took twice its size in heap and 35 ms of UTF-8 decoding at start. Every such character (in
 * strings, regular expressions, template literals, comments) is written as its `\\uXXXX` escape, which
 * means the same there; the bundle's identifiers are ASCII already. In a `String.raw` template the escape
 * would stay text: the build refuses one that holds a character past ASCII.
 */
const PAST_ASCII = /[\u0080-\uffff]/g;
const chunks = readdirSync(join(here, 'dist')).filter((name) => name.endsWith('.js'));
for (const name of chunks) {
  const file = join(here, 'dist', name);
  const code = readFileSync(file, 'utf8');
  if (/String\.raw`[^`]*[\u0080-\uffff]/.test(code))
    throw new Error(`${name}: a String.raw template holds a character past ASCII`);
  writeFileSync(
    file,
    code.replace(PAST_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
}
const built = chunks.map((name) => readFileSync(join(here, 'dist', name), 'utf8')).join('\n');
if (!/new URL\(["']\.\/native\.wasm["'], import\.meta\.url\)/.test(built))
  throw new Error('the WebAssembly of @platformatic/wasm-utils is no longer read as build.ts expects');
if (lazyValidators < 30)
  throw new Error(
    `@platformatic/kafka's validators are no longer compiled as build.ts expects (${lazyValidators} made lazy)`,
  );
