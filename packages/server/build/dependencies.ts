/**
 * What the bundle changes in its dependencies, each for a cost measured at every start
 * (tests/bench/results/cold-start.md). Each change checks that the code it rewrites is still there and
 * fails the build if a dependency changed shape, so an update cannot silently undo it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'rolldown';

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
export const wasmBesideBundle: Plugin = {
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
      throw new Error('@platformatic/wasm-utils: prepareInput is no longer as build/dependencies.ts expects');
    return lazy;
  },
};

/**
 * @platformatic/kafka compiles the Ajv validators of every client option (about 40) when its modules load,
 * a third of the server's start (tests/bench/results/cold-start.md). Each becomes a validator that compiles
 * on its first call; the library calls them as `validator(options)` and then reads `validator.errors`.
 */
let lazyValidators = 0;
export const lazyKafkaValidators: Plugin = {
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
export const lazyKafkaAjv: Plugin = {
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
      throw new Error("@platformatic/kafka's Ajv is no longer made as build/dependencies.ts expects");
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

/** A stand-in for module `id` that requires it when one of its members is first read. */
const onFirstRead = (id: string) => `new Proxy({}, { get: (_, key) => require('${id}')[key] })`;

/** `uses`, when given, must hold of the file's code before the change: what the change assumes of it. */
type Rewrite = { file: string; from: string; to: string; uses?: (code: string) => boolean };

/**
 * Modules a dependency loads at start for calls made later or never, loaded on the call instead:
 * - fastify's node:http2 and node:https (for an HTTP/2 or a TLS server; about 10 and 5 ms of every start);
 * - @fastify/send (which serves the console's files; with it http-errors, whose depd reads a line number
 *   and so has V8 index the lines of the whole bundle, and mime's tables: 12 ms) and node:fs/promises
 *   (which loads readline for `FileHandle.readLines`: 3 ms);
 * - @fastify/swagger's json-schema-resolver (with fast-uri and a debug logger: 1.3 ms), for the OpenAPI
 *   document, made when it is first asked for;
 * - prom-client's cluster aggregator (it loads node:cluster, which loads child_process and dgram, and
 *   listens for workers' messages) and its Pushgateway client (node:https, node:zlib).
 */
const ON_FIRST_CALL: Rewrite[] = [
  {
    file: '/fastify/lib/server.js',
    from: "const http2 = require('node:http2')",
    to: `const http2 = ${onFirstRead('node:http2')}`,
  },
  {
    file: '/fastify/lib/server.js',
    from: "const https = require('node:https')",
    to: `const https = ${onFirstRead('node:https')}`,
  },
  {
    file: '/@fastify/swagger/lib/util/add-hook.js',
    from: "const Ref = require('json-schema-resolver')",
    to: "const Ref = (...args) => require('json-schema-resolver')(...args)",
  },
  {
    file: '/prom-client/index.js',
    from: "exports.Pushgateway = require('./lib/pushgateway');",
    to: "Object.defineProperty(exports, 'Pushgateway', { enumerable: true, get: () => require('./lib/pushgateway') });",
  },
  {
    file: '/prom-client/index.js',
    from: "exports.AggregatorRegistry = require('./lib/cluster');",
    to: "Object.defineProperty(exports, 'AggregatorRegistry', { enumerable: true, get: () => require('./lib/cluster') });",
  },
  {
    file: '/@fastify/static/index.js',
    from: "const send = require('@fastify/send')",
    to: `let sendLoaded
function loadSend () {
  if (sendLoaded === undefined) {
    sendLoaded = require('@fastify/send')
    sendLoaded.mime.default_type = 'application/octet-stream'
  }
  return sendLoaded
}
const send = new Proxy(function () {}, {
  apply: (_, self, args) => loadSend()(...args),
  get: (_, key) => loadSend()[key]
})`,
  },
  {
    file: '/@fastify/static/index.js',
    from: "send.mime.default_type = 'application/octet-stream'\n",
    to: '',
  },
  {
    file: '/@fastify/static/index.js',
    from: "const { readdir, stat } = require('node:fs/promises')",
    to: `const readdir = (...args) => require('node:fs/promises').readdir(...args)
const stat = (...args) => require('node:fs/promises').stat(...args)`,
  },
  {
    file: '/@fastify/static/lib/dirList.js',
    from: "const fs = require('node:fs/promises')",
    to: `const fs = ${onFirstRead('node:fs/promises')}`,
  },
];

/**
 * find-my-way, fastify's router, compiles three functions with `new Function` for each of the ~330 routes
 * as it is added, about 1,000 at every start (11 ms to construct them, before any is called; code made
 * by `new Function` is in no code cache). What they do is unchanged: a prefix match is a `startsWith` from
 * the character after the first (the function compared those same characters one by one), and the two
 * others are compiled, as they were, on their first call: the params object of a route when it is first
 * matched, the constraint matcher never (fastify's routes have no host or version constraints).
 */
const FIND_MY_WAY: Rewrite[] = [
  {
    file: '/find-my-way/lib/node.js',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: find-my-way's source, matched as it is written
    from: "return new Function('path', 'i', `'use strict'\\nreturn ${lines.join(' && ')}`) // eslint-disable-line",
    to: 'const rest = prefix.slice(1)\n  return (path, i) => path.startsWith(rest, i + 1)',
  },
  {
    file: '/find-my-way/lib/handler-storage.js',
    from: "return new Function('NullObject', fnBody.join('\\n'))(NullObject)  // eslint-disable-line",
    to: `const body = fnBody.join('\\n')
    let create
    return (param0, param1, param2, param3, extraParams) => {
      create ??= new Function('NullObject', body)(NullObject) // eslint-disable-line
      return create(param0, param1, param2, param3, extraParams)
    }`,
  },
  {
    file: '/find-my-way/lib/handler-storage.js',
    from: "this._getHandlerMatchingConstraints = new Function('derivedConstraints', lines.join('\\n')) // eslint-disable-line",
    to: `const body = lines.join('\\n')
    let match
    this._getHandlerMatchingConstraints = function (derivedConstraints) {
      match ??= new Function('derivedConstraints', body) // eslint-disable-line
      return match.call(this, derivedConstraints)
    }`,
  },
];

/**
 * Work a dependency does at every start to an answer fixed when the bundle is built:
 * - fastify checks each plugin's `fastify: '5.x'` against its own version with semver, whose first range
 *   compiles regular expressions of bounded repeats (`\\d{0,256}`), about 5 ms. A release version whose
 *   major is the range's satisfies `N.x` by semver's rules; anything else still goes to semver, which
 *   is loaded only then.
 * - @platformatic/kafka wraps each of its ~260 protocol calls with `util.promisify` when its modules load
 *   (about 3 ms); the promise form is made on its first use instead.
 */
const FIXED_AT_BUILD: Rewrite[] = [
  {
    file: '/fastify/lib/plugin-utils.js',
    from: "const semver = require('semver')",
    to: `const semver = ${onFirstRead('semver')}
function sameMajor (version, range) {
  const major = /^(\\d+)\\.x$/.exec(range)
  const release = /^(\\d+)\\.\\d+\\.\\d+$/.exec(version)
  return major !== null && release !== null && major[1] === release[1]
}`,
  },
  {
    file: '/fastify/lib/plugin-utils.js',
    from: 'if (requiredVersion && semver.satisfies(this.version, requiredVersion, { includePrerelease: fastifyRc }) === false) {',
    to: 'if (requiredVersion && !sameMajor(this.version, requiredVersion) && semver.satisfies(this.version, requiredVersion, { includePrerelease: fastifyRc }) === false) {',
  },
  {
    file: '/@platformatic/kafka/dist/apis/definitions.js',
    from: '    api.async = promisify(api);',
    to: `    Object.defineProperty(api, 'async', {
        configurable: true,
        enumerable: true,
        get() {
            const value = promisify(api);
            Object.defineProperty(api, 'async', { value, configurable: true, enumerable: true, writable: true });
            return value;
        },
    });`,
  },
];

/**
 * The first line number read from a stack frame in the bundle has V8 index the lines of its 3.6 MB of
 * source, about 5.5 ms. pino read one at every start (the stack's files, for transports the console does not
 * use, with `util.getCallSites`, which gives each frame's line and column too): it reads the file names
 * alone now, as it does on a Node without `getCallSites`. http-errors' depd read another when it loads,
 * with @fastify/send on the first file the UI serves, for its caller's file: it reads the file's name
 * alone. The index stays in the heap once made: 0.9 MiB (a heap snapshot makes it too).
 */
const NO_LINE_NUMBERS: Rewrite[] = [
  {
    file: '/pino/lib/caller.js',
    from: 'const getCallSites = util.getCallSites ?? util.getCallSite',
    to: 'const getCallSites = undefined',
  },
  {
    file: '/depd/index.js',
    from: '  var site = callSiteLocation(stack[1])\n  var file = site[0]',
    to: "  var file = stack[1].getFileName() || '<anonymous>'",
  },
];

/**
 * An error made when its module loads holds in its stack the functions running then, for as long as the
 * error lives. @msgpack/msgpack's `MORE_DATA`, a sentinel it throws when a buffer ends early (its message is
 * what a caller sees), held the bundle's top level: about 1 MiB of bytecode that runs once, kept for the
 * server's whole life (the dominators of an idle server's heap snapshot, tests/bench/results/search.md).
 * It is made with no stack.
 */
const NO_STACK_AT_LOAD: Rewrite[] = [
  {
    file: '/@msgpack/msgpack/dist.cjs/Decoder.cjs',
    from: 'const MORE_DATA = new RangeError("Insufficient data");',
    to: `const stackTraceLimit = Error.stackTraceLimit;
Error.stackTraceLimit = 0;
const MORE_DATA = new RangeError("Insufficient data");
Error.stackTraceLimit = stackTraceLimit;`,
  },
];

/**
 * node:assert (2 ms of every start, with its error formatting and diff modules) for argument checks in
 * modules the start loads, which pass: it is loaded when one fails, to throw what it throws. Each file
 * calls `assert(…)` only, which the build checks.
 */
const ASSERT_ON_FAILURE =
  "const assert = (value, ...rest) => { if (!value) require('node:assert').ok(value, ...rest) }";
const ASSERT_ON_FIRST_FAILURE: Rewrite[] = (
  [
    ['/sonic-boom/index.js', "'assert'"],
    ['/thread-stream/index.js', "'assert'"],
    ['/fastify/lib/plugin-utils.js', "'node:assert'"],
    ['/find-my-way/index.js', "'node:assert'"],
    ['/find-my-way/lib/constrainer.js', "'node:assert'"],
    ['/find-my-way/lib/strategies/accept-version.js', "'node:assert'"],
    ['/find-my-way/lib/strategies/accept-host.js', "'node:assert'"],
    ['/light-my-request/index.js', "'node:assert'"],
    ['/light-my-request/lib/request.js', "'node:assert'"],
    ['/@fastify/jwt/index.js', "'node:assert'"],
  ] as const
).map(([file, id]) => {
  const from = `const assert = require(${id})`;
  const onlyCalled = (code: string) => !/\bassert\b(?!\()/.test(code.replace(from, ''));
  return { file, from, to: ASSERT_ON_FAILURE, uses: onlyCalled };
});

/**
 * @platformatic/kafka takes its gzip and zstd functions out of node:zlib when it loads; they are read from
 * it on each call instead, so that node:zlib loads with the first compressed batch (ON_FIRST_USE below).
 * Node 22.22, the oldest this package runs on, has zstd: the library's checks for it hold as before.
 */
const KAFKA_ZLIB_ON_FIRST_USE: Rewrite[] = [
  {
    file: '/@platformatic/kafka/dist/protocol/compression.js',
    from: 'const { gzip, zstdCompressSync, zstdDecompressSync, gzipSync, gunzipSync } = zlib;',
    to: `const gzip = (...args) => zlib.gzip(...args);
const zstdCompressSync = (...args) => zlib.zstdCompressSync(...args);
const zstdDecompressSync = (...args) => zlib.zstdDecompressSync(...args);
const gzipSync = (...args) => zlib.gzipSync(...args);
const gunzipSync = (...args) => zlib.gunzipSync(...args);`,
  },
];

/**
 * What a dependency requires only for options the console never sets, left out of the bundle: V8 keeps a
 * script's whole source in the heap for the process's life. fastify's default compilers (Ajv's for
 * validation, fast-json-stringify for answers), required when a server is given none: app.ts always gives
 * its own (ZOD_COMPILERS). @fastify/static's glob, which lists the files for `wildcard: false` (ui.ts sets
 * none). server.js 3.91 to 3.47 MB (Ajv's core stays, for @platformatic/kafka's validators). A server
 * given such options fails saying so.
 */
const NEVER_CALLED: Rewrite[] = [
  {
    file: '/@fastify/static/index.js',
    from: "const { glob } = require('glob')",
    to: "const glob = () => { throw new Error('@fastify/static: wildcard: false needs glob, which the bundle does not hold (build/dependencies.ts)') }",
  },
  {
    file: '/fastify/lib/schema-controller.js',
    from: `    const ValidatorSelector = require('@fastify/ajv-compiler')
    compilersFactory.buildValidator = ValidatorSelector()`,
    to: "    throw new Error('fastify was given no validator compiler: the bundle holds none (build/dependencies.ts)')",
  },
  {
    file: '/fastify/lib/schema-controller.js',
    from: `    const SerializerSelector = require('@fastify/fast-json-stringify-compiler')
    compilersFactory.buildSerializer = SerializerSelector()`,
    to: "    throw new Error('fastify was given no serializer compiler: the bundle holds none (build/dependencies.ts)')",
  },
];

const REWRITES = [
  ...ON_FIRST_CALL,
  ...NEVER_CALLED,
  ...KAFKA_ZLIB_ON_FIRST_USE,
  ...FIND_MY_WAY,
  ...FIXED_AT_BUILD,
  ...NO_LINE_NUMBERS,
  ...NO_STACK_AT_LOAD,
  ...ASSERT_ON_FIRST_FAILURE,
];
const rewritten = new Set<Rewrite>();
export const rewriteDependencies: Plugin = {
  name: 'rewrite-dependencies',
  transform(code, id) {
    const file = id.replaceAll('\\', '/');
    const here = REWRITES.filter((r) => file.endsWith(r.file));
    if (here.length === 0) return null;
    let out = code;
    for (const r of here) {
      if (!out.includes(r.from) || (r.uses && !r.uses(code)))
        throw new Error(`${r.file} no longer has ${r.from} as build/dependencies.ts expects`);
      out = out.replace(r.from, () => r.to);
      rewritten.add(r);
    }
    return out;
  },
};
/**
 * Every rewrite was made, and the Kafka validators made lazy: a dependency that moved its code out of the
 * file named would otherwise go unchanged.
 */
export function checkRewrites() {
  const missed = REWRITES.filter((r) => !rewritten.has(r));
  if (missed.length > 0) throw new Error(`not rewritten: ${missed.map((r) => r.from).join('; ')}`);
  if (lazyValidators < 30)
    throw new Error(
      `@platformatic/kafka's validators are no longer compiled as build/dependencies.ts expects (${lazyValidators} made lazy)`,
    );
}

/**
 * Built-in modules the bundle imports at its top but calls later, if ever: its binding for each becomes a
 * stand-in that loads the module on first use. The bundle reads each only as the members listed, which the
 * build checks.
 * - node:tls, which Kafka's and LDAP's clients import (about 4 ms of every start), to open a TLS connection;
 * - node:zlib, for Kafka's gzip and zstd batches (1 ms; KAFKA_ZLIB_ON_FIRST_USE above);
 * - node:timers/promises, for the waits between retries.
 */
const ON_FIRST_USE = [
  { module: 'tls', members: ['connect'] },
  { module: 'zlib', members: ['default'] },
  { module: 'timers/promises', members: ['setTimeout'] },
];
export function builtinsOnFirstUse(code: string, modules = ON_FIRST_USE.map((m) => m.module)): string {
  let out = code;
  for (const { module, members } of ON_FIRST_USE.filter((m) => modules.includes(m.module))) {
    const name = `node_${module.replace('/', '_')}`;
    const required = `let ${name} = require("node:${module}");\n`;
    const esm = `${name} = require_rolldown_runtime.__toESM(${name}, 1);\n`;
    const imported = out.includes(required + esm) ? required + esm : required;
    const uses = out.match(new RegExp(`\\b${name}\\b[.\\w]*`, 'g')) ?? [];
    if (
      !out.includes(imported) ||
      uses.some((use) => use !== name && !members.includes(use.slice(name.length + 1).split('.')[0] ?? ''))
    )
      throw new Error(`the bundle no longer imports node:${module} as build/dependencies.ts expects`);
    const load =
      imported === required
        ? `require("node:${module}")`
        : `require_rolldown_runtime.__toESM(require("node:${module}"), 1)`;
    // Loaded and wrapped once, on the first read.
    out = out.replace(
      imported,
      () =>
        `let ${name}Loaded;\nlet ${name} = new Proxy({}, { get: (_, key) => (${name}Loaded ??= ${load})[key] });\n`,
    );
  }
  return out;
}
