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

describe('workerStarting and workerReady', () => {
  // In a process of its own: V8's flags are the whole process's. Code cached under V8's defaults is what
  // Node carries for its built-in modules; V8 refuses it under other flags.
  it("put V8's defaults back while workers start, so cached code is taken, and the scan flags once the last is ready", () => {
    const script = `
      import { Script } from 'node:vm';
      import { setScanFlags, workerReady, workerStarting } from ${JSON.stringify(join(import.meta.dirname, 'node-flags.ts'))};
      const source = 'function add(a) { return a + 1 }\\nadd(1);';
      const cachedData = new Script(source, { filename: 'made.js' }).createCachedData();
      let n = 0;
      // A name of its own each time, so V8 reads the cache rather than its own table of compiled scripts.
      const refused = () => new Script(source, { cachedData, filename: 'read-' + n++ + '.js' }).cachedDataRejected;
      const seen = [refused()];
      setScanFlags();
      seen.push(refused());
      workerStarting();
      workerStarting();
      seen.push(refused());
      workerReady();
      seen.push(refused());
      workerReady();
      seen.push(refused());
      console.log(JSON.stringify(seen));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    // Defaults, scan flags, two workers starting, one of them ready, both ready.
    expect(JSON.parse(run.stdout)).toEqual([false, true, false, false, true]);
  });
});
