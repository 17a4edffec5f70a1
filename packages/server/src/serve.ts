import { buildApp } from './app.ts';
import { checkConfigFiles } from './domain/records/formats/topic-codecs.ts';
import { checkConnections } from './kafka/connection/check.ts';
import { ConfigError, loadConfig } from './platform/config/load.ts';
import { releaseMemoryWhenIdle } from './platform/idle-memory.ts';
import { setScanFlags } from './platform/node-flags.ts';

/**
 * Reads the configuration, builds the server and listens; resolves once it listens. An invalid
 * configuration ends the process with one line on stderr. Both entries call it: main.ts (the sources) and
 * the production bundle's start.ts, which must not use top-level await (it runs as a CommonJS script).
 */
export async function serve(argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(argv, env);
    await checkConfigFiles(config);
    checkConnections(config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Invalid configuration: ${error.message}\n`);
    process.exit(1);
  }

  const app = await buildApp(config);
  await app.listen({ host: config.server.host, port: config.server.port });
  // Before any request is read: a scan has them from the first (start.ts says why not earlier).
  setScanFlags();
  // What the start allocated and no longer needs is given back once the first requests are answered.
  releaseMemoryWhenIdle();

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, async () => {
      app.log.info({ signal }, 'shutting down');
      await app.close();
      process.exit(0);
    });
  }
}
