// node tests/stack/cli.ts up|down|status (pnpm stack:up, stack:down, stack:status) | restart <component>

import { down, restart, status, up } from './stack.ts';
import { COMPONENTS, envLines } from './state.ts';

async function main(command: string | undefined): Promise<number> {
  if (command === 'up') {
    // Ctrl-C during start-up stops what was started instead of leaving half a stack behind.
    const abort = new AbortController();
    process.once('SIGINT', () => abort.abort());
    const { endpoints } = await up({ signal: abort.signal });
    console.log(envLines(endpoints).join('\n'));
    return 0;
  }
  if (command === 'down') {
    await down();
    return 0;
  }
  const component = COMPONENTS.find((c) => c === process.argv[3]);
  if (command === 'restart' && component) {
    await restart(component);
    return 0;
  }
  if (command === 'status') {
    const components = await status();
    if (!components) {
      console.log('stack: not started (no .stack/state.json)');
      return 1;
    }
    for (const c of components) {
      const state = c.answering ? 'answering' : c.alive ? 'alive, not answering' : 'not running';
      console.log(
        `${c.name.padEnd(9)} pid ${String(c.pid ?? '-').padEnd(8)} port ${String(c.port).padEnd(6)} ${state}`,
      );
    }
    return components.every((c) => c.answering) ? 0 : 1;
  }
  console.error(`usage: node tests/stack/cli.ts up|down|status|restart <${COMPONENTS.join('|')}>`);
  return 2;
}

main(process.argv[2]).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      `stack ${process.argv[2]} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  },
);
