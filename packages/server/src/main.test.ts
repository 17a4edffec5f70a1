import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

describe('main', () => {
  // Node compiles main.ts's imports on the way: seconds on a loaded machine.
  it('exits non-zero with one line naming the bad key', { timeout: 30_000 }, () => {
    const run = spawnSync(process.execPath, [main], {
      env: { ...process.env, CONFIG_FILE: '', CONSOLE_CLUSTERS__LOCAL__PROPERTIES__BOOTSTRAP_SERVERS: '' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'Invalid configuration: no configuration: pass --config FILE or set CONFIG_FILE\n',
    );
  });
});
