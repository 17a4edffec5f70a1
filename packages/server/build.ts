/**
 * `pnpm --filter @console/server build`: the server and its dependencies as one CommonJS bundle,
 * `dist/server.js`, and the entry production runs, `dist/main.js` (src/start.ts: it runs server.js with a
 * V8 code cache). Nothing is stripped or resolved at start: the idle process is about 45 MB smaller than
 * running the TypeScript sources (tests/bench/results/search.md). What only some requests need (the CEL
 * filter, undici, the schema registry's Avro, Protobuf and JSON Schema parsers) is a chunk of its own,
 * loaded on first use. CommonJS because a V8 code cache is made for a script, not for an ES module. Not
 * minified, so stack traces in the log stay readable.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type InputOptions, rolldown } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import {
  builtinsOnFirstUse,
  checkRewrites,
  lazyKafkaAjv,
  lazyKafkaValidators,
  rewriteDependencies,
  wasmBesideBundle,
} from './build/dependencies.ts';
import { requiredAtTop, withStartChunks } from './build/start-chunks.ts';

const here = dirname(fileURLToPath(import.meta.url));

const dist = join(here, 'dist');
const onLog: InputOptions['onLog'] = (level, log, report) => {
  // An import the bundle cannot resolve would fail at run time: fail the build instead.
  if (log.code === 'UNRESOLVED_IMPORT' || log.code === 'MISSING_EXPORT') throw new Error(log.message);
  report(level, log);
};
rmSync(dist, { recursive: true, force: true });

/**
 * @platformatic/kafka's index exports its schema registry client, which the console does not use (it has
 * its own, src/domain/records/decode/): loading it ran avsc and built two Ajv instances at every start.
 * Marked free of side effects, it is left out; avsc stays in the chunks that read Avro.
 */
const UNUSED_AT_START = /@platformatic\/kafka\/dist\/registries\//;
/**
 * The kerberos addon (SASL GSSAPI, src/kafka/connection/sasl/gssapi.ts) is a compiled module for this machine's
 * MIT Kerberos, optional, and loaded on first use: the bundle requires it from node_modules then. koffi
 * (src/platform/malloc-trim.ts) loads a prebuilt binary of its own when the server is first idle; the
 * Dockerfile copies it beside the bundle.
 */
const NOT_BUNDLED = ['kerberos', 'koffi'];
const server = await rolldown({
  // The scan worker thread's entry (src/domain/records/scan/parallel/pool.ts loads dist/scan-worker.js).
  input: {
    server: join(here, 'src/serve.ts'),
    'scan-worker': join(here, 'src/domain/records/scan/parallel/scan-worker.ts'),
  },
  platform: 'node',
  external: NOT_BUNDLED,
  plugins: [wasmBesideBundle, lazyKafkaValidators, lazyKafkaAjv, rewriteDependencies],
  treeshake: {
    moduleSideEffects: (id) => (UNUSED_AT_START.test(id.replaceAll('\\', '/')) ? false : undefined),
  },
  onLog,
});
await server.write({
  dir: dist,
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
  format: 'cjs',
  comments: { legal: true, annotation: false, jsdoc: false },
});
await server.close();
checkRewrites();
// dist/ is CommonJS, though the package is ES modules.
writeFileSync(join(dist, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);

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
  const read = readFileSync(file, 'utf8');
  const code = read;
  if (/String\.raw`[^`]*[\u0080-\uffff]/.test(code))
    throw new Error(`${name}: a String.raw template holds a character past ASCII`);
  writeFileSync(
    file,
    code.replace(PAST_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
}
const built = chunks.map((name) => readFileSync(join(here, 'dist', name), 'utf8')).join('\n');
if (!chunks.includes('scan-worker.js') || !/["']\.\/scan-worker\.js["']/.test(built))
  throw new Error('dist/scan-worker.js is missing, or the scan pool no longer loads it as build.ts expects');
// domain/records/filter-library.ts lets the CEL chunk go by its module's exports: the chunk's own object.
if (!/\.then\(\(\) => require\(["']\.\/record-filter-[\w-]+\.js["']\)\)/.test(built))
  throw new Error('the CEL filter chunk is no longer required as domain/records/filter-library.ts expects');
if (
  !/new URL\(["']\.\/native\.wasm["'], require\(["']url["']\)\.pathToFileURL\(__filename\)\.href\)/.test(
    built,
  )
)
  throw new Error('the WebAssembly of @platformatic/wasm-utils is no longer read as build.ts expects');
const serverFile = join(dist, 'server.js');
// After the start chunks are written in: a module the scan worker shares (scan/parallel/) may import them.
writeFileSync(serverFile, builtinsOnFirstUse(withStartChunks(dist, readFileSync(serverFile, 'utf8'))));
/**
 * The scan worker reads from their files the chunks it shares with server.js: their node:tls and node:zlib
 * too load on first use. Loading node:tls starts reading the root certificates in a thread of its own,
 * kept for the process's life (0.65 MB of malloc, heaptrack), though a worker never opens a connection.
 */
const workerChunks = requiredAtTop(readFileSync(join(dist, 'scan-worker.js'), 'utf8'));
if (workerChunks.length === 0)
  throw new Error('dist/scan-worker.js requires no chunk at its top, as build.ts expects');
for (const [, , file] of workerChunks) {
  const chunk = join(dist, file ?? '');
  const code = readFileSync(chunk, 'utf8');
  if (code.includes('require("node:tls")')) writeFileSync(chunk, builtinsOnFirstUse(code, ['tls', 'zlib']));
}
const workerCode = workerChunks.map(([, , file]) => readFileSync(join(dist, file ?? ''), 'utf8')).join('\n');
if (/^let node_tls = require\("node:tls"\);$/m.test(workerCode))
  throw new Error('a chunk the scan worker loads still requires node:tls at its top');
// src/start.ts compiles server.js with no loader for import(): a dependency's would fail there at run time.
if (makesImport(parseAst(readFileSync(serverFile, 'utf8'))))
  throw new Error('server.js makes an import(), which src/start.ts gives no loader for: require it instead');

/** The entry, with the hash that names server.js's code cache (src/start.ts). */
const buildId = createHash('sha256')
  .update(readFileSync(join(dist, 'server.js')))
  .digest('hex')
  .slice(0, 16);
const entry = await rolldown({
  input: { main: join(here, 'src/start.ts') },
  platform: 'node',
  transform: { define: { BUILD_ID: JSON.stringify(buildId) } },
  onLog,
});
await entry.write({ dir: dist, entryFileNames: '[name].js', format: 'cjs' });
await entry.close();
if (!readFileSync(join(dist, 'main.js'), 'utf8').includes(buildId))
  throw new Error('dist/main.js does not name the code cache by the bundle it runs');

/** Whether a syntax tree holds an `import(…)` expression. */
function makesImport(tree: unknown): boolean {
  const stack = [tree];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    if ((node as { type?: unknown }).type === 'ImportExpression') return true;
    for (const value of Object.values(node)) if (value && typeof value === 'object') stack.push(value);
  }
  return false;
}
