import type { AddressInfo } from 'node:net';
import { type AppOptions, buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config/load.ts';
import type { Config } from '../../packages/server/src/config/schema.ts';

export type RunningApp = { url: string; config: Config; close: () => Promise<void> };

/** The real server on a free port, configured for the stack the global setup provided. */
export async function startApp(
  adjust: (raw: Config) => Config = (c) => c,
  options: AppOptions = { logger: false },
): Promise<RunningApp> {
  const file = process.env.STACK_CONFIG_FILE;
  if (!file) throw new Error('STACK_CONFIG_FILE is not set: the stack global setup did not run');
  return startConfiguredApp(adjust(loadConfig(['--config', file], {})), options);
}

/** The real server on a free port with `config` as it is, for tests with brokers of their own. */
export async function startConfiguredApp(
  config: Config,
  options: AppOptions = { logger: false },
): Promise<RunningApp> {
  const app = await buildApp(config, options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, config, close: () => app.close() };
}

/**
 * `startApp` adjuster whose clusters are exactly `clusters` (name -> Kafka properties), with no registry,
 * Connect or ksqlDB: for tests against brokers of their own.
 */
export function onlyClusters(clusters: Record<string, Record<string, string>>): (config: Config) => Config {
  return (config) => ({
    ...config,
    clusters: Object.fromEntries(
      Object.entries(clusters).map(([name, properties]) => [
        name,
        { properties, connect: [], ksqldb: [], deserialization: [] },
      ]),
    ),
  });
}

export async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json() };
}
