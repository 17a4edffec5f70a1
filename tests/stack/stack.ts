// up / down / status of the local stack: real Kafka, Connect and Apicurio JVMs plus the ksqlDB fake,
// as detached processes recorded in .stack/state.json.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { connectLog, prepareConnect } from './components/connect.ts';
import { KAFKA_STARTED, kafkaLog, newClusterId, prepareKafka } from './components/kafka.ts';
import { ksqldbLog, prepareKsqldb } from './components/ksqldb.ts';
import { prepareRegistry, registryLog } from './components/registry.ts';
import { type Artifacts, ensureArtifacts } from './fetch.ts';
import { withLock } from './lock.ts';
import { logsDir, stackDir } from './paths.ts';
import { freePorts } from './ports.ts';
import type { Endpoints } from './probes.ts';
import { connectAnswers, kafkaAnswers, ksqldbAnswers, registryAnswers, waitUntil } from './probes.ts';
import type { ProcessRef, SpawnSpec } from './processes.ts';
import { isRunning, spawnDetached, stopProcess } from './processes.ts';
import type { ComponentName, StackState, TlsEndpoints } from './state.ts';
import {
  COMPONENTS,
  endpointsOf,
  hasTlsPorts,
  readState,
  tlsEndpointsOf,
  writeEndpointFiles,
  writeState,
} from './state.ts';
import { httpsAnswers, makeTlsFiles } from './tls-certs.ts';

export type Log = (line: string) => void;

export interface UpOptions {
  log?: Log;
  signal?: AbortSignal;
}

export interface UpResult {
  endpoints: Endpoints;
  tls: TlsEndpoints;
  reused: boolean;
}

export interface ComponentStatus {
  name: ComponentName;
  pid: number | undefined;
  port: number;
  alive: boolean;
  answering: boolean;
}

const START_TIMEOUT_MS = 120_000;
// Connect first so it leaves its group and flushes offsets while the broker is still there.
const STOP_ORDER: ComponentName[][] = [['connect'], ['registry', 'ksqldb'], ['kafka']];
const LOGS: Record<ComponentName, string> = {
  kafka: kafkaLog,
  connect: connectLog,
  registry: registryLog,
  ksqldb: ksqldbLog,
};

function timed(log: Log): Log {
  const start = performance.now();
  return (line) => log(`[${((performance.now() - start) / 1000).toFixed(1).padStart(5)}s] ${line}`);
}

function portOf(state: StackState, name: ComponentName): number {
  const ports: Record<ComponentName, number> = {
    kafka: state.ports.broker,
    connect: state.ports.connect,
    registry: state.ports.registry,
    ksqldb: state.ports.ksqldb,
  };
  return ports[name];
}

async function answers(state: StackState, name: ComponentName): Promise<boolean> {
  const endpoints = endpointsOf(state);
  const tls = tlsEndpointsOf(state);
  if (name === 'kafka') return kafkaAnswers(endpoints.kafkaBootstrap, state.clusterId);
  if (name === 'connect') {
    return (await connectAnswers(endpoints.connectUrl)) && httpsAnswers(`${tls.connectTlsUrl}/connectors`);
  }
  if (name === 'registry') {
    return (
      (await registryAnswers(endpoints.schemaRegistryUrl)) &&
      httpsAnswers(`${tls.schemaRegistryTlsUrl}/subjects`)
    );
  }
  return ksqldbAnswers(endpoints.ksqldbUrl);
}

async function check(state: StackState): Promise<ComponentStatus[]> {
  return Promise.all(
    COMPONENTS.map(async (name) => {
      const ref = state.processes[name];
      const alive = ref !== undefined && isRunning(ref);
      return {
        name,
        pid: ref?.pid,
        port: portOf(state, name),
        alive,
        answering: alive && (await answers(state, name)),
      };
    }),
  );
}

/**
 * Brokers that live in .stack with a lifecycle of their own (the secured broker, other releases, the
 * metrics stack's broker and Prometheus): their
 * processes are stopped only by their own code (`stack:down`, their tests' leases), so a restart of the
 * main stack must not delete the state that names them and leave them running.
 */
const OWN_LIFECYCLE = ['secure', 'brokers', 'metrics'];

// Removes everything under .stack except the names kept (logs for post-mortems, the held lock).
function clean(keep: string[]): void {
  if (!existsSync(stackDir)) return;
  for (const entry of readdirSync(stackDir)) {
    if (!keep.includes(entry) && !OWN_LIFECYCLE.includes(entry)) {
      rmSync(join(stackDir, entry), { recursive: true, force: true });
    }
  }
}

async function stopAll(state: StackState, log: Log): Promise<void> {
  for (const group of STOP_ORDER) {
    await Promise.all(
      group.map(async (name) => {
        const ref = state.processes[name];
        if (!ref) return;
        log(`${name}: ${await stopProcess(ref)} (pid ${ref.pid})`);
      }),
    );
  }
}

function logContains(file: string, text: string): boolean {
  return existsSync(file) && readFileSync(file, 'utf8').includes(text);
}

async function start(log: Log, signal: AbortSignal | undefined): Promise<StackState> {
  const artifacts = await ensureArtifacts(log);
  const [
    broker = 0,
    controller = 0,
    connect = 0,
    registry = 0,
    registryManagement = 0,
    ksqldb = 0,
    registryTls = 0,
    connectTls = 0,
  ] = await freePorts(8);
  mkdirSync(logsDir, { recursive: true });
  const state: StackState = {
    startedAt: new Date().toISOString(),
    clusterId: newClusterId(),
    ports: { broker, controller, connect, registry, registryManagement, ksqldb, registryTls, connectTls },
    processes: {},
  };
  // The registry's and Connect's HTTPS listeners read these at start (about 0.1 s, beside the rest).
  const certs = makeTlsFiles();
  writeState(state);
  const endpoints = endpointsOf(state);
  const tls = tlsEndpointsOf(state);

  // The first failure (or the caller's abort) stops every other task before anything is cleaned up.
  const abort = new AbortController();
  signal?.addEventListener('abort', () => abort.abort(), { once: true });
  let firstError: unknown;

  const launch = async (name: ComponentName, spec: SpawnSpec): Promise<ProcessRef> => {
    if (abort.signal.aborted) throw new Error(`${name}: start-up abandoned`);
    const ref = await spawnDetached(spec);
    state.processes[name] = ref;
    writeState(state);
    log(`${name}: started (pid ${ref.pid}), waiting for it to answer`);
    return ref;
  };
  const ready = async (
    name: ComponentName,
    ref: ProcessRef,
    probe: () => Promise<boolean>,
    where: string,
  ) => {
    await waitUntil(probe, {
      component: name,
      logFile: LOGS[name],
      timeoutMs: START_TIMEOUT_MS,
      alive: () => isRunning(ref),
      signal: abort.signal,
    });
    log(`${name}: answering at ${where}`);
  };

  const tasks = [
    async () => {
      const ref = await launch('kafka', await prepareKafka(state, artifacts));
      const bootstrap = endpoints.kafkaBootstrap;
      const probe = async () =>
        logContains(kafkaLog, KAFKA_STARTED) && (await kafkaAnswers(bootstrap, state.clusterId));
      await ready('kafka', ref, probe, bootstrap);
      // Connect keeps its configs, offsets and statuses in Kafka topics: it needs a working broker.
      await certs;
      const connectRef = await launch('connect', prepareConnect(state, artifacts));
      const where = `${endpoints.connectUrl} and ${tls.connectTlsUrl}`;
      await ready('connect', connectRef, () => answers(state, 'connect'), where);
    },
    async () => {
      await certs;
      const ref = await launch('registry', prepareRegistry(state, artifacts));
      const where = `${endpoints.schemaRegistryUrl} and ${tls.schemaRegistryTlsUrl}`;
      await ready('registry', ref, () => answers(state, 'registry'), where);
    },
    async () => {
      const ref = await launch('ksqldb', prepareKsqldb(state));
      await ready('ksqldb', ref, () => ksqldbAnswers(endpoints.ksqldbUrl), `${endpoints.ksqldbUrl} (fake)`);
    },
  ];
  await Promise.allSettled(
    tasks.map((task) =>
      task().catch((error: unknown) => {
        firstError ??= error;
        abort.abort();
      }),
    ),
  );
  if (firstError !== undefined || signal?.aborted) {
    log('start-up failed: stopping what was started');
    await stopAll(state, log);
    clean(['logs', 'lock']);
    throw signal?.aborted ? new Error('start-up interrupted') : firstError;
  }
  return state;
}

export async function up(options: UpOptions = {}): Promise<UpResult> {
  const log = timed(options.log ?? console.log);
  return withLock(log, async () => {
    const previous = readState();
    if (previous && !hasTlsPorts(previous)) {
      log('previous stack has no HTTPS listeners (an older checkout started it): restarting it');
      await stopAll(previous, log);
    } else if (previous) {
      const statuses = await check(previous);
      if (statuses.every((component) => component.answering)) {
        const endpoints = endpointsOf(previous);
        const tls = tlsEndpointsOf(previous);
        writeEndpointFiles(endpoints, tls);
        const pids = statuses.map((component) => `${component.name} ${component.pid}`).join(', ');
        log(`stack reused (${pids})`);
        return { endpoints, tls, reused: true };
      }
      log('previous stack is not fully up: stopping what is left of it');
      await stopAll(previous, log);
    }
    clean(['lock']);
    const state = await start(log, options.signal);
    const endpoints = endpointsOf(state);
    const tls = tlsEndpointsOf(state);
    writeEndpointFiles(endpoints, tls);
    log('stack up');
    return { endpoints, tls, reused: false };
  });
}

export async function down(options: { log?: Log } = {}): Promise<void> {
  const log = timed(options.log ?? console.log);
  await withLock(log, async () => {
    const state = readState();
    if (state) await stopAll(state, log);
    else log('no stack state found: nothing to stop');
    clean(['logs', 'lock']);
    log(`stack down (logs kept in ${logsDir})`);
  });
}

const PREPARE: Record<
  ComponentName,
  (state: StackState, artifacts: Artifacts) => SpawnSpec | Promise<SpawnSpec>
> = {
  kafka: prepareKafka,
  connect: prepareConnect,
  registry: prepareRegistry,
  ksqldb: (state) => prepareKsqldb(state),
};

/** Starts one component again on its old port and data (after a fault test killed it); waits until it answers. */
export async function restart(name: ComponentName, options: { log?: Log } = {}): Promise<number> {
  const log = timed(options.log ?? console.log);
  return withLock(log, async () => {
    const state = readState();
    if (!state) throw new Error('no stack state found: nothing to restart');
    const old = state.processes[name];
    if (old && isRunning(old)) throw new Error(`${name} is still running (pid ${old.pid})`);
    const ref = await spawnDetached(await PREPARE[name](state, await ensureArtifacts(log)));
    state.processes[name] = ref;
    writeState(state);
    await waitUntil(() => answers(state, name), {
      component: name,
      logFile: LOGS[name],
      timeoutMs: START_TIMEOUT_MS,
      alive: () => isRunning(ref),
      signal: new AbortController().signal,
    });
    log(`${name}: restarted (pid ${ref.pid})`);
    return ref.pid;
  });
}

export async function status(): Promise<ComponentStatus[] | undefined> {
  const state = readState();
  return state ? check(state) : undefined;
}
