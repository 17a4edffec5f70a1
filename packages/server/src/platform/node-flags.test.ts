import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  HEAP_SIZE_FLAGS,
  NODE_ENV_VARS,
  NODE_FLAGS,
  RUNTIME_FLAG_DEFAULTS,
  RUNTIME_FLAGS,
} from './node-flags.ts';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const bundle = 'packages/server/dist/main.js';

const vars = Object.entries(NODE_ENV_VARS).map(([name, value]) => `${name}=${value}`);

describe('production starts Node with NODE_FLAGS and NODE_ENV_VARS', () => {
  it('in package.json start', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(scripts.start).toContain(`${vars.join(' ')} node ${NODE_FLAGS.join(' ')} ${bundle}`);
  });

  it('in the Dockerfile', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const cmd = /^CMD (.+)$/m.exec(dockerfile)?.[1] ?? '';
    expect(JSON.parse(cmd)).toEqual(['node', ...NODE_FLAGS, bundle]);
    // The code cache the image carries holds for these flags only (src/start.ts).
    expect(dockerfile).toContain(`node ${NODE_FLAGS.join(' ')} ${bundle} --write-code-cache\n`);
    const env = /^ENV (.+)$/m.exec(dockerfile)?.[1]?.split(' ') ?? [];
    expect(env).toEqual(expect.arrayContaining(vars));
  });
});

describe('NODE_FLAGS', () => {
  // Any other V8 flag on the command line would make V8 refuse the cached code of every built-in module
  // the start loads (HEAP_SIZE_FLAGS says why); start.ts puts these back once the heap is set up.
  it('holds only flags that size the heap', () => {
    for (const flag of NODE_FLAGS) expect(HEAP_SIZE_FLAGS).toContain(/^--([\w-]+)=/.exec(flag)?.[1]);
  });
});

describe('RUNTIME_FLAG_DEFAULTS', () => {
  // start.ts puts them back while the start loads Node's built-ins: a value that is not V8's default would
  // make V8 refuse their cached code.
  it("are V8's defaults for RUNTIME_FLAGS, in the same order", () => {
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    const name = (flag: string) => /^--(?:no-)?([\w-]+)/.exec(flag)?.[1];
    expect(RUNTIME_FLAG_DEFAULTS.map(name)).toEqual(RUNTIME_FLAGS.map(name));
    for (const flag of RUNTIME_FLAG_DEFAULTS) expect(options).toContain(`default: ${flag}\n`);
  });
});
