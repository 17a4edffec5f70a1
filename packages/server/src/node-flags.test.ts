import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_ENV_VARS, NODE_FLAGS } from './node-flags.ts';

const root = join(import.meta.dirname, '..', '..', '..');
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
