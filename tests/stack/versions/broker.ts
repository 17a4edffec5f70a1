// Starts one Kafka release as a single-node broker in <stackDir>/brokers/<version>/, set up like the main
// stack's (components/kafka.ts): an authorizer with User:ANONYMOUS as super user (PLAINTEXT clients are
// ANONYMOUS, so ACL calls work), no auto topic creation, every replication factor and min ISR 1.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { jvmOptions, writeProperties } from '../components/jvm.ts';
import { newClusterId } from '../components/kafka.ts';
import type { BrokerProperties } from '../kafka-cluster.ts';
import { probeKafka } from '../kafka-probe.ts';
import { logsDir } from '../paths.ts';
import { freePorts } from '../ports.ts';
import { kafkaAnswers, waitUntil } from '../probes.ts';
import { isRunning, spawnDetached } from '../processes.ts';
import { ensureRelease } from './fetch.ts';
import { formatStorage, kraftProperties } from './kraft.ts';
import { serverLogging } from './logging.ts';
import {
  brokerDir,
  javaBinary,
  kafkaLogOf,
  kafkaOutOf,
  libsDir,
  type Release,
  release,
  zookeeperLogOf,
  zookeeperOutOf,
} from './release.ts';
import { saveVersion, stopVersion, type VersionState } from './state.ts';
import { startZookeeper, zookeeperBrokerProperties } from './zookeeper.ts';

type Log = (line: string) => void;
const START_TIMEOUT_MS = 120_000;

function common(release: Release): BrokerProperties {
  return {
    'num.partitions': 1,
    'auto.create.topics.enable': 'false',
    'offsets.topic.replication.factor': 1,
    'offsets.topic.num.partitions': 1,
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    'transaction.state.log.num.partitions': 1,
    'group.initial.rebalance.delay.ms': 0,
    'super.users': 'User:ANONYMOUS',
    // Share groups (KIP-932) arrived in 4.0; older brokers would only warn about unknown keys.
    ...(release.major >= 4
      ? { 'share.coordinator.state.topic.replication.factor': 1, 'share.coordinator.state.topic.min.isr': 1 }
      : {}),
  };
}

/** The first ERROR or FATAL line and what follows it (a broker that dies logs its shutdown after), and the end. */
function excerpt(file: string): string {
  if (!existsSync(file)) return `(no ${file})`;
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  const end = Math.max(0, lines.length - 15);
  const first = lines.findIndex((line) => / (ERROR|FATAL) /.test(line));
  const cause = first >= 0 && first < end ? [...lines.slice(first, Math.min(first + 15, end)), '[…]'] : [];
  const text = [...cause, ...lines.slice(end)].join('\n');
  return `--- ${file} ---\n${text || '(empty)'}`;
}

/** The failure, with the logs that say why: the broker's log, its stdout (JVM errors) and ZooKeeper's. */
function explained(error: unknown, release: Release): Error {
  const { version } = release;
  const files = [kafkaLogOf(version), kafkaOutOf(version)];
  if (release.mode === 'zookeeper') files.push(zookeeperLogOf(version), zookeeperOutOf(version));
  const message = error instanceof Error ? error.message : String(error);
  return new Error(
    `Kafka ${version} did not start: ${message}\n${files.map((file) => excerpt(file)).join('\n')}`,
  );
}

async function bringUp(rel: Release, state: VersionState, log: Log): Promise<void> {
  const { version } = rel;
  const dir = brokerDir(version);
  const properties = join(dir, 'server.properties');
  const modeProperties =
    rel.mode === 'kraft' ? kraftProperties(dir, state.ports) : zookeeperBrokerProperties(dir, state.ports);
  writeProperties(properties, { ...modeProperties, ...common(rel) });
  const jvm = [
    // STACK_VERSION_HEAP: several releases may run beside the main stack on the same 2 cores.
    ...jvmOptions(process.env.STACK_VERSION_HEAP ?? '256m', dir),
    serverLogging(rel, join(dir, 'kafka'), kafkaLogOf(version)),
    '-cp',
    join(libsDir(version), '*'),
  ];
  if (rel.mode === 'kraft') {
    await formatStorage(rel, jvm, state.clusterId ?? '', properties);
  } else {
    await startZookeeper(rel, dir, state.ports.zookeeper ?? 0, (ref) => {
      state.processes.zookeeper = ref;
      saveVersion(state);
    });
  }
  const ref = await spawnDetached({
    command: javaBinary(),
    args: [...jvm, 'kafka.Kafka', properties],
    cwd: dir,
    logFile: kafkaOutOf(version),
  });
  state.processes.kafka = ref;
  saveVersion(state);
  log(`kafka ${version}: started (pid ${ref.pid}, ${rel.mode}), waiting for it to answer`);
  // The version line proves the logging config took (log4j 1.2 without one logs nothing); the probe,
  // that the broker has registered and serves Metadata.
  const versionLine = `Kafka version: ${version}`;
  await waitUntil(
    async () =>
      existsSync(kafkaLogOf(version)) &&
      readFileSync(kafkaLogOf(version), 'utf8').includes(versionLine) &&
      (await kafkaAnswers(state.bootstrap, state.clusterId)),
    {
      component: `kafka ${version}`,
      logFile: kafkaLogOf(version),
      timeoutMs: START_TIMEOUT_MS,
      alive: () => isRunning(ref) && (!state.processes.zookeeper || isRunning(state.processes.zookeeper)),
      signal: new AbortController().signal,
    },
  );
  if (rel.mode === 'zookeeper') {
    const [host = '127.0.0.1', port = '0'] = state.bootstrap.split(':');
    state.clusterId = (await probeKafka(host, Number(port))).clusterId ?? undefined;
    saveVersion(state);
  }
}

/** Starts `version` afresh (stopping what its directory recorded); on failure stops it and says why. */
export async function startVersion(
  version: string,
  startedBy: VersionState['startedBy'],
  log: Log,
): Promise<VersionState> {
  const rel = release(version);
  await stopVersion(version, log, 0);
  await ensureRelease(rel, log);
  mkdirSync(brokerDir(version), { recursive: true });
  mkdirSync(logsDir, { recursive: true });
  // Each start's logs on their own: readiness looks for the version line in this start's log.
  for (const file of [
    kafkaLogOf(version),
    kafkaOutOf(version),
    zookeeperLogOf(version),
    zookeeperOutOf(version),
  ]) {
    rmSync(file, { force: true });
  }
  const [broker = 0, other = 0] = await freePorts(2);
  const state: VersionState = {
    version,
    mode: rel.mode,
    startedAt: new Date().toISOString(),
    startedBy,
    clusterId: rel.mode === 'kraft' ? newClusterId() : undefined,
    bootstrap: `127.0.0.1:${broker}`,
    ports: rel.mode === 'kraft' ? { broker, controller: other } : { broker, zookeeper: other },
    processes: {},
  };
  saveVersion(state);
  try {
    await bringUp(rel, state, log);
    log(`kafka ${version}: answering at ${state.bootstrap}`);
    return state;
  } catch (error) {
    const failure = explained(error, rel);
    await stopVersion(version, log, 0);
    throw failure;
  }
}
