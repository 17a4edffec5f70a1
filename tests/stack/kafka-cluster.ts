// A Kafka cluster of several KRaft nodes (each broker and controller, static voters) for what one broker
// cannot show: partition reassignment and replication factor changes. Kafka only, no Connect or registry;
// small heaps (STACK_CLUSTER_HEAP, 256m) since it runs beside the main stack on the same 2 cores.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { jvmOptions, writeLog4j2, writeProperties } from './components/jvm.ts';
import { KAFKA_STARTED, newClusterId } from './components/kafka.ts';
import { ensureArtifacts } from './fetch.ts';
import { freePorts } from './ports.ts';
import { kafkaAnswers, waitUntil } from './probes.ts';
import { isRunning, type ProcessRef, spawnDetached, stopProcess } from './processes.ts';

export interface ClusterNode {
  id: number;
  broker: number;
  controller: number;
  process?: ProcessRef;
  /** How the node was started, so a test can start it again after stopping it (`restartNode`). */
  launch?: { command: string; args: string[]; cwd: string; logFile: string; log4jFile: string };
}

export interface ClusterState {
  clusterId: string;
  bootstrap: string;
  nodes: ClusterNode[];
}

const START_TIMEOUT_MS = 120_000;
const stateFile = (dir: string) => join(dir, 'cluster.json');

export function readCluster(dir: string): ClusterState | undefined {
  const file = stateFile(dir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ClusterState) : undefined;
}

export type BrokerProperties = Record<string, string | number>;

export interface ClusterOptions {
  /** Server properties every node gets on top of (and overriding) the defaults below. */
  properties?: BrokerProperties;
  log?: (line: string) => void;
}

function nodeProperties(dir: string, node: ClusterNode, voters: string): BrokerProperties {
  return {
    'process.roles': 'broker,controller',
    'node.id': node.id,
    'controller.quorum.voters': voters,
    listeners: `PLAINTEXT://127.0.0.1:${node.broker},CONTROLLER://127.0.0.1:${node.controller}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${node.broker}`,
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'listener.security.protocol.map': 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    'log.dirs': join(dir, 'data'),
    'num.partitions': 1,
    'auto.create.topics.enable': 'false',
    'offsets.topic.replication.factor': 1,
    'offsets.topic.num.partitions': 1,
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    'share.coordinator.state.topic.replication.factor': 1,
    'share.coordinator.state.topic.min.isr': 1,
    'group.initial.rebalance.delay.ms': 0,
    // A follower fetches at most 64 KB a time (default 1 MB), so a throttle is felt after 64 KB: a test
    // moving a few hundred KB at 1 KB/s sees its move in progress instead of done in one fetch.
    'replica.fetch.max.bytes': 65_536,
    'replica.fetch.response.max.bytes': 65_536,
  };
}

/**
 * A formatted log directory for another node: StorageTool's bootstrap checkpoint (the cluster's feature
 * levels) is the same for every node; meta.properties names the node and the directory.
 */
function copyFormatted(from: string, to: string, nodeId: number): void {
  cpSync(from, to, { recursive: true });
  const meta = join(to, 'meta.properties');
  const lines = readFileSync(meta, 'utf8')
    .split('\n')
    .map((line) =>
      line.startsWith('node.id=')
        ? `node.id=${nodeId}`
        : line.startsWith('directory.id=')
          ? `directory.id=${newClusterId()}`
          : line,
    );
  writeFileSync(meta, lines.join('\n'));
}

/**
 * Starts `brokers` nodes under `dir` and waits until every one is registered; the state goes to
 * dir/cluster.json. `options.properties` adds or overrides server properties (a test that needs a broker
 * set up unlike the stack's, e.g. `transaction.partition.verification.enable=false`).
 */
export async function startCluster(
  dir: string,
  brokers: number,
  options: ClusterOptions = {},
): Promise<ClusterState> {
  const log = options.log ?? (() => undefined);
  const artifacts = await ensureArtifacts(log);
  const ports = await freePorts(brokers * 2);
  const nodes: ClusterNode[] = Array.from({ length: brokers }, (_, i) => ({
    id: i + 1,
    broker: ports[2 * i] ?? 0,
    controller: ports[2 * i + 1] ?? 0,
  }));
  const voters = nodes.map((n) => `${n.id}@127.0.0.1:${n.controller}`).join(',');
  const state: ClusterState = {
    clusterId: newClusterId(),
    bootstrap: nodes.map((n) => `127.0.0.1:${n.broker}`).join(','),
    nodes,
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(stateFile(dir), JSON.stringify(state, null, 2));
  const logs = join(dir, 'logs');
  mkdirSync(logs, { recursive: true });
  try {
    const setups = nodes.map((node) => {
      const nodeDir = join(dir, `kafka-${node.id}`);
      mkdirSync(nodeDir, { recursive: true });
      const properties = join(nodeDir, 'server.properties');
      writeProperties(properties, { ...nodeProperties(nodeDir, node, voters), ...options.properties });
      const jvm = [
        ...jvmOptions(process.env.STACK_CLUSTER_HEAP ?? '256m', nodeDir),
        writeLog4j2(join(nodeDir, 'log4j2.properties'), join(logs, `kafka-${node.id}.log`)),
        '-cp',
        join(artifacts.kafkaLibs, '*'),
      ];
      return { node, nodeDir, properties, jvm };
    });
    // One StorageTool run (a JVM) for the whole cluster: the first node's directory is formatted, the
    // others get a copy with their own node.id and directory.id, all that differs between them.
    const [first, ...others] = setups;
    if (!first) throw new Error('a cluster needs at least one node');
    await promisify(execFile)(artifacts.java, [
      ...first.jvm,
      'kafka.tools.StorageTool',
      'format',
      '-t',
      state.clusterId,
      '-c',
      first.properties,
      '--ignore-formatted',
    ]);
    for (const other of others) {
      copyFormatted(join(first.nodeDir, 'data'), join(other.nodeDir, 'data'), other.node.id);
    }
    await Promise.all(
      setups.map(async ({ node, nodeDir, properties, jvm }) => {
        node.launch = {
          command: artifacts.java,
          args: [...jvm, 'kafka.Kafka', properties],
          cwd: nodeDir,
          logFile: join(logs, `kafka-${node.id}.out`),
          log4jFile: join(logs, `kafka-${node.id}.log`),
        };
        node.process = await spawnDetached(node.launch);
        writeFileSync(stateFile(dir), JSON.stringify(state, null, 2));
      }),
    );
    await Promise.all(nodes.map((node) => nodeStarted(state, node, 0)));
    log(`kafka cluster of ${brokers}: answering at ${state.bootstrap}`);
    return state;
  } catch (error) {
    await stopCluster(dir, log);
    throw error;
  }
}

/** Waits until `node` has logged its start (the `seen`-th time) and answers as a broker of the cluster. */
function nodeStarted(state: ClusterState, node: ClusterNode, seen: number): Promise<void> {
  const logFile = node.launch?.log4jFile ?? '';
  const starts = () => readFileSync(logFile, 'utf8').split(KAFKA_STARTED).length - 1;
  return waitUntil(
    async () =>
      existsSync(logFile) &&
      starts() > seen &&
      (await kafkaAnswers(`127.0.0.1:${node.broker}`, state.clusterId)),
    {
      component: `kafka-${node.id}`,
      logFile,
      timeoutMs: START_TIMEOUT_MS,
      alive: () => node.process !== undefined && isRunning(node.process),
      signal: new AbortController().signal,
    },
  );
}

/**
 * Stops one node of a running cluster (SIGTERM, a controlled shutdown within `graceMs`; 0: killed at
 * once, as a crash) and keeps its data, so `startNode` brings it back as it was.
 */
export async function stopNode(state: ClusterState, id: number, graceMs = 20_000): Promise<void> {
  const node = state.nodes.find((n) => n.id === id);
  if (!node?.process) throw new Error(`node ${id} is not running`);
  await stopProcess(node.process, graceMs);
}

/** Starts a node `stopNode` stopped, with its data, and waits until it answers again. */
export async function startNode(dir: string, state: ClusterState, id: number): Promise<void> {
  const node = state.nodes.find((n) => n.id === id);
  if (!node?.launch) throw new Error(`node ${id} has no launch recorded`);
  const seen = existsSync(node.launch.log4jFile)
    ? readFileSync(node.launch.log4jFile, 'utf8').split(KAFKA_STARTED).length - 1
    : 0;
  node.process = await spawnDetached(node.launch);
  writeFileSync(stateFile(dir), JSON.stringify(state, null, 2));
  await nodeStarted(state, node, seen);
}

/**
 * Stops every node recorded in dir/cluster.json, by pid, and removes their data (logs are kept). Each
 * node gets `graceMs` to shut down after SIGTERM (a controlled shutdown of three nodes takes seconds);
 * 0 kills at once, for a throwaway cluster whose data goes with it.
 */
export async function stopCluster(
  dir: string,
  log: (line: string) => void = () => undefined,
  graceMs = 20_000,
): Promise<void> {
  const state = readCluster(dir);
  if (!state) return;
  await Promise.all(
    state.nodes.map(async (node) => {
      if (node.process) {
        log(`kafka-${node.id}: ${await stopProcess(node.process, graceMs)} (pid ${node.process.pid})`);
      }
    }),
  );
  for (const node of state.nodes) rmSync(join(dir, `kafka-${node.id}`), { recursive: true, force: true });
  rmSync(stateFile(dir), { force: true });
}

/** True when every node of the recorded cluster is running and answering. */
export async function clusterAnswers(state: ClusterState): Promise<boolean> {
  const answers = await Promise.all(
    state.nodes.map(
      async (n) =>
        n.process !== undefined &&
        isRunning(n.process) &&
        kafkaAnswers(`127.0.0.1:${n.broker}`, state.clusterId),
    ),
  );
  return answers.every(Boolean);
}
