import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/load.ts';

// V8's allocation-site pretenuring sometimes decides, early in the first record scan, to allocate the
// short-lived objects that hold fetch answers in the old generation; their buffers then wait for full
// collections and the process stays ~90 MB larger for its whole life (5 of 9 trial runs of
// tests/bench/search's scans; with it off, 0 of 8). The scan rate did not change measurably.
setFlagsFromString('--no-allocation-site-pretenuring');
// A scan promotes about 1 MB of short-lived objects per million records to the old generation. With V8's
// default growing factor (up to 4x the live size) nothing collects them for dozens of scans and RSS
// creeps (151 to 203 MiB over 34 scans of tests/bench/search's topic); at 1.5x it stays flat. The
// young generation's size can only be set on the command line: NODE_FLAGS (node-flags.ts).
setFlagsFromString('--heap-growing-percent=50');

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`Invalid configuration: ${error.message}\n`);
  process.exit(1);
}

const app = await buildApp(config);
await app.listen({ host: config.server.host, port: config.server.port });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  });
}
