import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/load.ts';

// V8's allocation-site pretenuring sometimes decides, early in the first record scan, to allocate the
// short-lived objects that hold fetch answers in the old generation; their buffers then wait for full
// collections and the process stays ~90 MB larger for its whole life (5 of 9 trial runs of
// tests/bench/search's scans; with it off, 0 of 8). The scan rate did not change measurably.
setFlagsFromString('--no-allocation-site-pretenuring');

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
