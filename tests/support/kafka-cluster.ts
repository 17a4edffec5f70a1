/**
 * A 3-broker KRaft cluster for the reassignment tests: the one `stack:up --brokers 3` started
 * (KAFKA_CLUSTER_BOOTSTRAP), else one started here in a temporary directory and stopped by `stop`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster, stopCluster } from '../stack/kafka-cluster.ts';

export type TestCluster = { bootstrap: string; stop: () => Promise<void> };

export async function threeBrokers(): Promise<TestCluster> {
  const given = process.env.KAFKA_CLUSTER_BOOTSTRAP;
  if (given) return { bootstrap: given, stop: async () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'kafka-cluster-'));
  const state = await startCluster(dir, 3, (line) => process.stderr.write(`[cluster] ${line}\n`));
  return {
    bootstrap: state.bootstrap,
    stop: async () => {
      await stopCluster(dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
