import type { ClusterCapabilities, FeatureUpgrade, Readiness } from '@console/contract';
import { clusterCapabilities } from '../../kafka/cluster/capabilities.ts';
import type { KafkaPool } from '../../kafka/pool.ts';
import { AppError } from '../../platform/errors.ts';
import { describeQuorum, featureLevels, upgradeFeature } from './quorum.ts';

/** How long readiness waits for a cluster's answer. */
const READY_TIMEOUT_MS = 5_000;

/** One cluster's line of the readiness answer. */
type ClusterReadiness = NonNullable<Readiness['clusters']>[number];

/** The cluster as a whole: its release and features, the KRaft quorum, and whether it answers. */
export function clusterService(kafka: KafkaPool) {
  return {
    capabilities: (cluster: string) =>
      kafka.run(cluster, (admin) => clusterCapabilities(admin) as Promise<ClusterCapabilities>),

    quorum: (cluster: string) => kafka.run(cluster, describeQuorum),

    features: (cluster: string) => kafka.run(cluster, featureLevels),

    upgradeFeature: (cluster: string, upgrade: FeatureUpgrade) =>
      kafka.run(cluster, (admin) => upgradeFeature(admin, upgrade)),

    /** Every configured cluster asked for its metadata, each within READY_TIMEOUT_MS. */
    readiness: (): Promise<ClusterReadiness[]> =>
      Promise.all(kafka.clusterIds().map((id) => probe(kafka, id))),
  };
}

export type ClusterService = ReturnType<typeof clusterService>;

async function probe(kafka: KafkaPool, id: string): Promise<ClusterReadiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([
      kafka.run(id, (admin) => admin.metadata({ topics: [], forceUpdate: true })),
      timeout,
    ]);
    return { id, ready: true };
  } catch (error) {
    const code = error instanceof AppError ? { code: error.code } : {};
    return { id, ready: false, message: (error as Error).message, ...code };
  } finally {
    clearTimeout(timer);
  }
}
