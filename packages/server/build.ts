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
import { type InputOptions, type Plugin, rolldown } from 'rolldown';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * @platformatic/wasm-utils (Kafka's CRC32C, Snappy and LZ4) reads its WebAssembly beside its own module;
 * the bundle carries the file in dist/ and reads it from there. It also compiled and instantiated the
 * module when loaded, at every start; here on the first call that needs it (a produce, a compressed
 * batch), which also spares an idle server the pages of V8's WebAssembly compiler.
 */
const WASM_LOAD = `const wasm = readFileSync(new URL('../dist/native.wasm', import.meta.url));
const wasmModule = new WebAssembly.Module(wasm);
const instance = new WebAssembly.Instance(wasmModule);
const { alloc, crc32c: _crc32c, dealloc, lz4_compress: _lz4Compress, lz4_decompress: _lz4Decompress, memory, snappy_compress: _snappyCompress, snappy_decompress: _snappyDecompress } = instance.exports;
let currentBufferLength = 4096;
let currentBufferOffset = alloc(currentBufferLength);
let currentBuffer = new Uint8Array(memory.buffer, currentBufferOffset, currentBufferLength);
`;
const WASM_ON_FIRST_USE = `let alloc, _crc32c, dealloc, _lz4Compress, _lz4Decompress, memory, _snappyCompress, _snappyDecompress;
let currentBufferLength, currentBufferOffset, currentBuffer;
function loadWasm() {
    if (memory) return;
    const wasmModule = new WebAssembly.Module(readFileSync(new URL('./native.wasm', import.meta.url)));
    ({ alloc, crc32c: _crc32c, dealloc, lz4_compress: _lz4Compress, lz4_decompress: _lz4Decompress, memory, snappy_compress: _snappyCompress, snappy_decompress: _snappyDecompress } = new WebAssembly.Instance(wasmModule).exports);
    currentBufferLength = 4096;
    currentBufferOffset = alloc(currentBufferLength);
    currentBuffer = new Uint8Array(memory.buffer, currentBufferOffset, currentBufferLength);
}
`;
const wasmBesideBundle: Plugin = {
  name: 'wasm-beside-bundle',
  transform(code, id) {
    if (!id.replaceAll('\\', '/').includes('@platformatic/wasm-utils/dist/')) return null;
    if (!code.includes(WASM_LOAD)) return null;
    this.emitFile({
      type: 'asset',
      fileName: 'native.wasm',
      source: readFileSync(join(dirname(id), 'native.wasm')),
    });
    const lazy = code
      .replace(WASM_LOAD, WASM_ON_FIRST_USE)
      .replace(
        'export function prepareInput(data) {\n',
        'export function prepareInput(data) {\n    loadWasm();\n',
      );
    if (!lazy.includes('    loadWasm();\n'))
      throw new Error('@platformatic/wasm-utils: prepareInput is no longer as build.ts expects');
    return lazy;
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

/**
 * The Ajv instance those validators compile with is built when @platformatic/kafka loads, seven custom
 * keywords added, Ajv's modules loaded for it (about 15 ms of every start, tests/bench/results/cold-start.md).
 * Built on first use instead: the module exports a stand-in that loads Ajv and builds it, with the same
 * keywords, when first asked for anything.
 */
const AJV_IMPORT = "import { Ajv2020 } from 'ajv/dist/2020.js';";
const AJV_NEW = 'export const ajv = new Ajv2020({ allErrors: true, coerceTypes: false, strict: true });';
const lazyKafkaAjv: Plugin = {
  name: 'lazy-kafka-ajv',
  transform(code, id) {
    if (!id.replaceAll('\\', '/').endsWith('@platformatic/kafka/dist/utils.js')) return null;
    const from = code.indexOf('ajv.addKeyword({');
    const to = code.indexOf('export class NumericMap');
    const keywords = from > 0 && to > from ? code.slice(from, to) : '';
    if (
      !code.includes(AJV_NEW) ||
      !code.includes(AJV_IMPORT) ||
      keywords.split('ajv.').length !== keywords.split('ajv.addKeyword(').length ||
      code.slice(0, from).includes('ajv.') ||
      code.slice(to).includes('ajv.')
    )
      throw new Error("@platformatic/kafka's Ajv is no longer made as build.ts expects");
    const onFirstUse = `let ajvBuilt;
function buildAjv() {
    const { Ajv2020 } = require('ajv/dist/2020.js');
    const ajv = new Ajv2020({ allErrors: true, coerceTypes: false, strict: true });
    ${keywords}    return ajv;
}
export const ajv = new Proxy({}, {
    get(_, key) {
        ajvBuilt ??= buildAjv();
        const value = ajvBuilt[key];
        return typeof value === 'function' ? value.bind(ajvBuilt) : value;
    }
});
`;
    return code.slice(0, from).replace(AJV_IMPORT, '').replace(AJV_NEW, onFirstUse) + code.slice(to);
  },
};

/**
 * Modules a dependency loads at start for calls the console never makes, loaded on the call instead:
 * fastify's node:http2 (for an HTTP/2 server; about 10 ms of every start) and @fastify/static's glob (for
 * `wildcard: false`, which ui.ts does not set).
 */
const ON_FIRST_CALL = [
  {
    file: '/fastify/lib/server.js',
    from: "const http2 = require('node:http2')",
    to: "const http2 = new Proxy({}, { get: (_, key) => require('node:http2')[key] })",
  },
  {
    file: '/@fastify/static/index.js',
    from: "const { glob } = require('glob')",
    to: "const glob = (...args) => require('glob').glob(...args)",
  },
];
const loadedOnFirstCall: Plugin = {
  name: 'loaded-on-first-call',
  transform(code, id) {
    const file = id.replaceAll('\\', '/');
    const lazy = ON_FIRST_CALL.find((l) => file.endsWith(l.file));
    if (!lazy) return null;
    if (!code.includes(lazy.from))
      throw new Error(`${lazy.file} no longer has ${lazy.from}, as build.ts expects`);
    return code.replace(lazy.from, lazy.to);
  },
};

const dist = join(here, 'dist');
const onLog: InputOptions['onLog'] = (level, log, report) => {
  // An import the bundle cannot resolve would fail at run time: fail the build instead.
  if (log.code === 'UNRESOLVED_IMPORT' || log.code === 'MISSING_EXPORT') throw new Error(log.message);
  report(level, log);
};
rmSync(dist, { recursive: true, force: true });

/**
 * @platformatic/kafka's index exports its schema registry client, which the console does not use (it has
 * its own, src/kafka/records/decode/): loading it ran avsc and built two Ajv instances at every start.
 * Marked free of side effects, it is left out; avsc stays in the chunks that read Avro.
 */
const UNUSED_AT_START = /@platformatic\/kafka\/dist\/registries\//;
const server = await rolldown({
  input: { server: join(here, 'src/serve.ts') },
  platform: 'node',
  plugins: [wasmBesideBundle, lazyKafkaValidators, lazyKafkaAjv, loadedOnFirstCall],
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
  const code = readFileSync(file, 'utf8');
  if (/String\.raw`[^`]*[\u0080-\uffff]/.test(code))
    throw new Error(`${name}: a String.raw template holds a character past ASCII`);
  writeFileSync(
    file,
    code.replace(PAST_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
}
const built = chunks.map((name) => readFileSync(join(here, 'dist', name), 'utf8')).join('\n');
if (
  !/new URL\(["']\.\/native\.wasm["'], require\(["']url["']\)\.pathToFileURL\(__filename\)\.href\)/.test(
    built,
  )
)
  throw new Error('the WebAssembly of @platformatic/wasm-utils is no longer read as build.ts expects');
if (lazyValidators < 30)
  throw new Error(
    `@platformatic/kafka's validators are no longer compiled as build.ts expects (${lazyValidators} made lazy)`,
  );

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
