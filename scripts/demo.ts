/**
 * `pnpm demo`: the local stack, sample data that shows every screen off, then the console on
 * http://localhost:8080/ui (PORT overrides). Ctrl-C stops the console; `pnpm stack:down` stops the rest.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NODE_ENV_VARS, NODE_FLAGS } from '../packages/server/src/platform/node-flags.ts';
import { seedConnectAndKsql } from './demo/seed-connect-ksql.ts';
import { seedGroupsAndAcls } from './demo/seed-groups-acls.ts';
import { seedTopics } from './demo/seed-topics.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function stackEnv(): Record<string, string> {
  const text = readFileSync(`${root}.stack/env`, 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('=', 2) as [string, string]),
  );
}

run(process.execPath, ['tests/stack/cli.ts', 'up']);
const env = stackEnv();
const endpoints = {
  bootstrap: env.KAFKA_BOOTSTRAP ?? '',
  registry: env.SCHEMA_REGISTRY_URL ?? '',
  connect: env.CONNECT_URL ?? '',
  ksqldb: env.KSQLDB_URL ?? '',
  workDir: `${root}.stack/demo`,
};
console.log('demo: writing sample data');
const topics = await seedTopics(endpoints);
await seedGroupsAndAcls(endpoints, topics);
await seedConnectAndKsql(endpoints);
run('pnpm', ['build']);

const port = process.env.PORT ?? '8080';
console.log(
  `demo: console on http://localhost:${port}/ui (Ctrl-C stops it; pnpm stack:down stops the stack)`,
);
const console_ = spawn(
  process.execPath,
  [...NODE_FLAGS, 'packages/server/dist/main.js', '--config', '.stack/console.yaml'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...NODE_ENV_VARS, PORT: port },
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => console_.kill('SIGTERM'));
console_.on('exit', (code) => process.exit(code ?? 0));
