import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from './node-flags.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const bundle = 'packages/server/dist/main.js';

describe('production starts Node with NODE_FLAGS', () => {
  it('in package.json start', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(scripts.start).toContain(`node ${NODE_FLAGS.join(' ')} ${bundle}`);
  });

  it('in the Dockerfile', () => {
    const cmd = /^CMD (.+)$/m.exec(readFileSync(join(root, 'Dockerfile'), 'utf8'))?.[1] ?? '';
    expect(JSON.parse(cmd)).toEqual(['node', ...NODE_FLAGS, bundle]);
  });
});
