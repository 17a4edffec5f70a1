/**
 * Kafka clusters of the tests' own: the 3-broker KRaft cluster of the reassignment tests (the one
 * `stack:up --brokers 3` started, KAFKA_CLUSTER_BOOTSTRAP, else one started here), and brokers set up
 * unlike the stack's (`privateCluster` with server properties), each in a temporary directory and
 * stopped by `stop`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrokerProperties, startCluster, stopCluster } from '../stack/kafka-cluster.ts';

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

export async function threeBrokers(): Promise<TestCluster> {
  const given = process.env.KAFKA_CLUSTER_BOOTSTRAP;
  if (given) return { bootstrap: given, stop: async () => undefined };
  return privateCluster(3);
}
