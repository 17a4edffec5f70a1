/**
 * The console server alone in its own process, so the benchmark reads its memory and nothing else's.
 * Reads the config path from argv[2], raises the scan budgets so a whole topic fits one search, and
 * prints the port it listens on.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../packages/server/src/app.ts';
import { loadConfig } from '../../../packages/server/src/config/load.ts';

const config = loadConfig(['--config', process.argv[2] ?? ''], {});
const app = await buildApp(
  {
    ...config,
    topicData: {
      ...config.topicData,
      scanMaxRecords: 100_000_000,
      scanMaxBytes: 64 * 1024 ** 3,
      scanMaxMs: 3_600_000,
    },
  },
  { logger: false },
);
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${(app.server.address() as AddressInfo).port}\n`);
process.once('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
