// A Kafka cluster of several KRaft nodes (each broker and controller, static voters) for what one broker
// cannot show: partition reassignment and replication factor changes. Kafka only, no Connect or registry;
// small heaps (STACK_CLUSTER_HEAP, 256m) since it runs beside the main stack on the same 2 cores.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

function nodeProperties(dir: string, node: ClusterNode, voters: string): Record<string, string | number> {
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
 * Starts `brokers` nodes under `dir` and waits until every one is registered; the state goes to dir/cluster.json.
 * `overrides` replace broker properties (a test that needs more `__consumer_offsets` partitions).
 */
export async function startCluster(
  dir: string,
  brokers: number,
  log: (line: string) => void = () => undefined,
  overrides: Record<string, string | number> = {},
): Promise<ClusterState> {
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
    await Promise.all(
      nodes.map(async (node) => {
        const nodeDir = join(dir, `kafka-${node.id}`);
        mkdirSync(nodeDir, { recursive: true });
        const properties = join(nodeDir, 'server.properties');
        writeProperties(properties, { ...nodeProperties(nodeDir, node, voters), ...overrides });
        const logFile = join(logs, `kafka-${node.id}.log`);
        const jvm = [
          ...jvmOptions(process.env.STACK_CLUSTER_HEAP ?? '256m', nodeDir),
          writeLog4j2(join(nodeDir, 'log4j2.properties'), logFile),
          '-cp',
          join(artifacts.kafkaLibs, '*'),
        ];
        await promisify(execFile)(artifacts.java, [
          ...jvm,
          'kafka.tools.StorageTool',
          'format',
          '-t',
          state.clusterId,
          '-c',
          properties,
          '--ignore-formatted',
        ]);
        node.process = await spawnDetached({
          command: artifacts.java,
          args: [...jvm, 'kafka.Kafka', properties],
          cwd: nodeDir,
          logFile: join(logs, `kafka-${node.id}.out`),
        });
        writeFileSync(stateFile(dir), JSON.stringify(state, null, 2));
      }),
    );
    const abort = new AbortController();
    await Promise.all(
      nodes.map((node) => {
        const logFile = join(logs, `kafka-${node.id}.log`);
        return waitUntil(
          async () =>
            existsSync(logFile) &&
            readFileSync(logFile, 'utf8').includes(KAFKA_STARTED) &&
            (await kafkaAnswers(`127.0.0.1:${node.broker}`, state.clusterId)),
          {
            component: `kafka-${node.id}`,
            logFile,
            timeoutMs: START_TIMEOUT_MS,
            alive: () => node.process !== undefined && isRunning(node.process),
            signal: abort.signal,
          },
        );
      }),
    );
    log(`kafka cluster of ${brokers}: answering at ${state.bootstrap}`);
    return state;
  } catch (error) {
    await stopCluster(dir, log);
    throw error;
  }
}

/** Stops every node recorded in dir/cluster.json, by pid, and removes their data (logs are kept). */
export async function stopCluster(dir: string, log: (line: string) => void = () => undefined): Promise<void> {
  const state = readCluster(dir);
  if (!state) return;
  await Promise.all(
    state.nodes.map(async (node) => {
      if (node.process) log(`kafka-${node.id}: ${await stopProcess(node.process)} (pid ${node.process.pid})`);
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
