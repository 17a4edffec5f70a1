/**
 * Kafka clusters of the tests' own: a 3-broker KRaft cluster shared by the test files that only read and
 * write topics on it (`threeBrokers`), and brokers set up unlike the stack's or that a test stops
 * (`privateCluster`, with server properties), each in a temporary directory and stopped by `stop`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../packages/server/src/platform/config/schema.ts';
import {
  type BrokerProperties,
  type ClusterState,
  clusterAnswers,
  readCluster,
  startCluster,
  stopCluster,
} from '../stack/kafka-cluster.ts';
import { withLock } from '../stack/lock.ts';
import { sharedClusterDir as sharedDir } from '../stack/paths.ts';
import { takeLease } from './leases.ts';

export type TestCluster = { bootstrap: string; stop: () => Promise<void> };

/** `brokers` new KRaft nodes with `properties` on top of the stack's cluster defaults. */
export async function privateCluster(
  brokers: number,
  properties: BrokerProperties = {},
): Promise<TestCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'kafka-cluster-'));
  const state = await startCluster(dir, brokers, {
    properties,
    log: (line) => process.stderr.write(`[cluster] ${line}\n`),
  });
  return {
    bootstrap: state.bootstrap,
    // The cluster's data goes with it: no controlled shutdown to wait for.
    stop: async () => {
      await stopCluster(dir, undefined, 0);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const log = (line: string) => process.stderr.write(`[cluster-3] ${line}\n`);
/** Only tests start clusters in sharedDir: a cluster's id tells one start from the next. */
const started = (state: ClusterState | undefined) =>
  state && { startedAt: state.clusterId, startedBy: 'tests' };

/**
 * Three KRaft nodes (each broker and controller): the one `stack:up --brokers 3` started
 * (KAFKA_CLUSTER_BOOTSTRAP), else one in <stackDir>/cluster-3 that the test files running at the same time
 * share, started by the first (about 15 s) under the stack lock. Each caller holds a lease; the last `stop`
 * stops the cluster. Callers never stop a node or change the cluster's own settings: that is
 * `privateCluster`'s job.
 */
export async function threeBrokers(): Promise<TestCluster> {
  const given = process.env.KAFKA_CLUSTER_BOOTSTRAP;
  if (given) return { bootstrap: given, stop: async () => undefined };
  return withLock(log, async () => {
    const running = readCluster(sharedDir);
    let state = running?.nodes.length === 3 && (await clusterAnswers(running)) ? running : undefined;
    if (!state) {
      if (running) await stopCluster(sharedDir, log, 0);
      state = await startCluster(sharedDir, 3, { log });
    }
    const stop = takeLease(
      join(sharedDir, 'leases'),
      { startedAt: state.clusterId, startedBy: 'tests' },
      () => started(readCluster(sharedDir)),
      (run) => withLock(log, run),
      () => stopCluster(sharedDir, log, 0),
    );
    return { bootstrap: state.bootstrap, stop };
  });
}

/**
 * The stack's console config with its one cluster, `three`, pointed at `bootstrap` (a cluster of the
 * tests' own, started before the console): for `startApp`.
 */
export function onCluster(bootstrap: string): (config: Config) => Config {
  return (config) => {
    const local = config.clusters.local;
    if (!local) throw new Error('no local cluster in the stack config');
    return {
      ...config,
      clusters: { three: { ...local, properties: { ...local.properties, 'bootstrap.servers': bootstrap } } },
    };
  };
}
