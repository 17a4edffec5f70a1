// Faults: kills each stack component by pid under a running console and watches what the console does.
// Runs only against a PRIVATE stack, never the shared one other tests use:
//   STACK_DIR=/tmp/faults-stack node tests/stack/cli.ts up
//   STACK_DIR=/tmp/faults-stack node tests/reliability/faults.ts
//   STACK_DIR=/tmp/faults-stack node tests/stack/cli.ts down
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/platform/config/load.ts';
import { type SseMessage, sseMessages } from '../support/records.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = process.env.STACK_DIR ? resolve(process.env.STACK_DIR) : undefined;
if (!dir || dir === join(ROOT, '.stack'))
  throw new Error('set STACK_DIR to a private stack (see the header)');
for (const line of readFileSync(join(dir, 'env'), 'utf8').split('\n')) {
  const [key, value] = line.split('=');
  if (key && value) process.env[key] = value;
}
const { produceMany } = await import('../support/records.ts');
const { testKafka } = await import('../support/kafka.ts');

type Component = 'kafka' | 'connect' | 'registry' | 'ksqldb';
const pidOf = (name: Component): number => {
  const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as {
    processes: Record<string, { pid: number }>;
  };
  const pid = state.processes[name]?.pid;
  if (!pid) throw new Error(`no pid for ${name}`);
  return pid;
};
const restart = (name: Component) => {
  const started = performance.now();
  const run = spawnSync(process.execPath, [join(ROOT, 'tests/stack/cli.ts'), 'restart', name], {
    env: { ...process.env, STACK_DIR: dir },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`restart ${name} failed: ${run.stderr}${run.stdout}`);
  return Math.round(performance.now() - started);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(line);

const config = loadConfig(['--config', join(dir, 'console.yaml')], {});
const app = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const get = async (path: string) => {
  const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, body: (await res.text()).slice(0, 300) };
};
/** Polls until `path` answers `status`; returns the ms it took. */
async function until(path: string, status: number, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const answer = await get(path).catch(() => ({ status: 0, body: '' }));
    if (answer.status === status) return Math.round(performance.now() - started);
    if (performance.now() - started > timeoutMs)
      throw new Error(`${path} still ${answer.status} after ${timeoutMs} ms: ${answer.body}`);
    await sleep(250);
  }
}

const kafka = testKafka();
const topic = await kafka.createTopic(4);
const RECORDS = 400_000;
await produceMany(topic, RECORDS, (i) => ({
  partition: i % 4,
  key: `k${i}`,
  value: `value ${i} ${'x'.repeat(80)}`,
}));
const searchPath = `/api/local/topic/${topic}/data/search?searchByValue=never-there`;

/** Runs the search; `during` is called once the first event arrived. Returns the last event and timings. */
async function search(during?: () => void) {
  const started = performance.now();
  const res = await fetch(`${url}${searchPath}`);
  let last: SseMessage | undefined;
  let killedAt: number | undefined;
  for await (const message of sseMessages(res)) {
    last = message;
    if (during && killedAt === undefined) {
      during();
      killedAt = performance.now();
    }
  }
  const ended = performance.now();
  return {
    lastEvent: last?.event,
    lastData: JSON.stringify(last?.data).slice(0, 200),
    totalMs: Math.round(ended - started),
    endedMsAfterKill: killedAt === undefined ? undefined : Math.round(ended - killedAt),
  };
}

const results: Record<string, unknown> = { records: RECORDS };
results.searchBefore = await search();
log(`search before: ${JSON.stringify(results.searchBefore)}`);

// The broker.
const brokerPid = pidOf('kafka');
results.searchDuringKill = await search(() => process.kill(brokerPid, 'SIGKILL'));
log(`search with the broker killed: ${JSON.stringify(results.searchDuringKill)}`);
results.healthAfterKill = (await get('/health')).status;
results.readyDownAfterMs = await until('/ready', 503, 20_000);
results.readyBody = (await get('/ready')).body;
results.topicRouteWhileDown = await get(`/api/local/topic/${topic}`);
results.registryRouteWhileBrokerDown = (await get('/api/local/schema')).status;
results.ksqlRouteWhileBrokerDown = (await get('/api/local/ksqldb/local/info')).status;
log(`broker down: ${JSON.stringify(results)}`);
results.kafkaRestartMs = restart('kafka');
results.readyAgainAfterMs = await until('/ready', 200);
results.topicRouteAfterRestart = (await get(`/api/local/topic/${topic}`)).status;
results.searchAfterRestart = await search();
log(`broker back: ${JSON.stringify(results.searchAfterRestart)}`);

// The broker again, under a live tail: the stream ends with `tailError`, and a new tail works after.
const tailPath = `/api/local/tail/sse?topics=${topic}`;
async function tail(during?: () => void) {
  const started = performance.now();
  const res = await fetch(`${url}${tailPath}`);
  let last: SseMessage | undefined;
  let killedAt: number | undefined;
  for await (const message of sseMessages(res)) {
    last = message;
    if (!during) break; // the first event: the tail started
    if (killedAt === undefined) {
      during();
      killedAt = performance.now();
    }
  }
  const ended = performance.now();
  return {
    lastEvent: last?.event,
    lastData: JSON.stringify(last?.data).slice(0, 200),
    endedMsAfterKill: killedAt === undefined ? undefined : Math.round(ended - killedAt),
    totalMs: Math.round(ended - started),
  };
}
results.tailDuringKill = await tail(() => process.kill(pidOf('kafka'), 'SIGKILL'));
log(`tail with the broker killed: ${JSON.stringify(results.tailDuringKill)}`);
results.tailKafkaRestartMs = restart('kafka');
results.tailReadyAgainAfterMs = await until('/ready', 200);
results.tailAfterRestart = await tail();
log(`tail after the restart: ${JSON.stringify(results.tailAfterRestart)}`);

// Each HTTP upstream: only its own routes fail, with a message naming it; they recover on restart.
const upstreams: [Component, string][] = [
  ['registry', '/api/local/schema'],
  ['connect', '/api/local/connect/local'],
  ['ksqldb', '/api/local/ksqldb/local/info'],
];
for (const [name, path] of upstreams) {
  const before = (await get(path)).status;
  process.kill(pidOf(name), 'SIGKILL');
  await sleep(500);
  const down = await get(path);
  const kafkaRoute = (await get(`/api/local/topic/${topic}`)).status;
  const ready = (await get('/ready')).status;
  const restartMs = restart(name);
  const recoveredAfterMs = await until(path, 200);
  results[name] = {
    before,
    down,
    kafkaRouteMeanwhile: kafkaRoute,
    readyMeanwhile: ready,
    restartMs,
    recoveredAfterMs,
  };
  log(`${name}: ${JSON.stringify(results[name])}`);
}

await app.close();
await kafka.cleanup().catch(() => undefined);
console.log(JSON.stringify(results, null, 2));
