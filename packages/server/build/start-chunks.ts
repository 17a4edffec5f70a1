/**
 * The chunks server.js requires at its top (rolldown's runtime and the modules it shares with the chunks
 * loaded on first use: Ajv, the record wire format, the errors): Node loaded each as a file of its own,
 * whose functions its compile cache does not hold. Each is written into server.js, so that the V8 code
 * cache of server.js (src/start.ts) holds them too, and registered in Node's module cache under its
 * file's name, so that a chunk loaded later gets the same modules. The files stay beside it for a
 * server.js loaded without start.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const REQUIRED_AT_TOP = /^const (require_[\w$]+) = require\("\.\/([\w-]+\.js)"\);$/gm;

const REGISTER = `function startChunk(file, body) {
\tconst { Module } = require("node:module");
\tconst chunk = new Module(require("node:path").join(__dirname, file), module);
\tchunk.filename = chunk.id;
\trequire.cache[chunk.id] = chunk;
\tbody(chunk.exports, require, chunk, chunk.filename, __dirname);
\tchunk.loaded = true;
\treturn chunk.exports;
}
`;

/** The chunks a chunk requires at its top, before its first module: `[line, binding, file]` each. */
export function requiredAtTop(code: string): RegExpExecArray[] {
  return [...code.slice(0, code.indexOf('\n// ')).matchAll(REQUIRED_AT_TOP)];
}

export function withStartChunks(dist: string, server: string): string {
  const required = requiredAtTop(server);
  if (required.length === 0)
    throw new Error('server.js requires no chunk at its top, as build/start-chunks.ts expects');
  let out = server;
  required.forEach(([line, name, file], i) => {
    const code = readFileSync(join(dist, file ?? ''), 'utf8');
    const inlined = `const ${name} = startChunk("./${file}", (function (exports, require, module, __filename, __dirname) {\n${code}\n}));`;
    // A function, so that no `$` in the chunk's code reads as a replacement pattern.
    out = out.replace(line, () => `${i === 0 ? REGISTER : ''}${inlined}`);
  });
  return out;
}
