/**
 * The KRaft quorum and the cluster's feature levels. DescribeQuorum answers the metadata
 * log's leader, epoch, high watermark and each voter's and observer's log end offset (a ZooKeeper cluster
 * has no quorum: the request is refused as CLUSTER_TOO_OLD, capabilities.ts). Feature levels come with
 * the ApiVersions answer (v3+): finalized and supported. Raising one is UpdateFeatures, validate-only first.
 */
import type { FeatureLevels, FeatureUpgrade, Quorum } from '@console/contract';
import type { Admin, apiVersionsV4, describeQuorumV2, updateFeaturesV1 } from '@platformatic/kafka';
import { send } from '../../kafka/protocol.ts';
import { conflict, missing } from '../../platform/errors.ts';

const METADATA_TOPIC = '__cluster_metadata';
/** UpdateFeatures' upgrade type for raising a level (1: UPGRADE). */
const UPGRADE = 1;

const when = (ms: bigint) => (ms > 0n ? { at: new Date(Number(ms)).toISOString() } : undefined);

export async function describeQuorum(admin: Admin): Promise<Quorum> {
  const answer = await send<
    [describeQuorumV2.DescribeQuorumRequestTopic[]],
    describeQuorumV2.DescribeQuorumResponse
  >(admin, 'any', 'DescribeQuorum', () => [
    [{ topicName: METADATA_TOPIC, partitions: [{ partitionIndex: 0 }] }],
  ]);
  const partition = answer.topics[0]?.partitions[0];
  if (partition?.errorCode !== 0) {
    throw conflict(partition?.errorMessage ?? answer.errorMessage ?? 'the quorum did not describe itself');
  }
  const high = Number(partition.highWatermark);
  const replica = (r: describeQuorumV2.DescribeQuorumResponseVoter) => {
    const fetched = when(r.lastFetchTimestamp);
    const caughtUp = when(r.lastCaughtUpTimestamp);
    return {
      id: r.replicaId,
      logEndOffset: Number(r.logEndOffset),
      lag: Math.max(0, high - Number(r.logEndOffset)),
      ...(fetched ? { lastFetch: fetched.at } : {}),
      ...(caughtUp ? { lastCaughtUp: caughtUp.at } : {}),
    };
  };
  return {
    leaderId: partition.leaderId,
    leaderEpoch: partition.leaderEpoch,
    highWatermark: high,
    voters: partition.currentVoters.map(replica).sort((a, b) => a.id - b.id),
    observers: partition.observers.map(replica).sort((a, b) => a.id - b.id),
  };
}

export async function featureLevels(admin: Admin): Promise<FeatureLevels> {
  const answer = await send<[string, string], apiVersionsV4.ApiVersionsResponse>(
    admin,
    'any',
    'ApiVersions',
    () => ['kafka-console', '1'],
  );
  const finalized = new Map((answer.finalizedFeatures ?? []).map((f) => [f.name, f.maxVersionLevel]));
  return {
    features: (answer.supportedFeatures ?? [])
      .map((f) => ({
        name: f.name,
        ...(finalized.has(f.name) ? { finalized: finalized.get(f.name) as number } : {}),
        supportedMin: f.minVersion,
        supportedMax: f.maxVersion,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Raises `feature` to `level` (validate-only with `dryRun`); lowering is not offered: it can lose data. */
export async function upgradeFeature(admin: Admin, upgrade: FeatureUpgrade): Promise<FeatureLevels> {
  const current = (await featureLevels(admin)).features.find((f) => f.name === upgrade.feature);
  // Well-formed requests the cluster's state refuses: 404 for a feature it lacks, 409 for a level (errors.ts).
  if (!current) throw missing('body.feature', `the cluster has no feature '${upgrade.feature}'`);
  if (upgrade.level <= (current.finalized ?? -1)) {
    throw conflict(`${upgrade.feature} is at ${current.finalized}; only raising it is offered`);
  }
  if (upgrade.level > current.supportedMax) {
    throw conflict(`the brokers support ${upgrade.feature} up to ${current.supportedMax}`);
  }
  const answer = await send<
    [number, updateFeaturesV1.UpdateFeaturesRequestFeature[], boolean],
    updateFeaturesV1.UpdateFeaturesResponse
  >(
    admin,
    'any',
    'UpdateFeatures',
    () => [
      30_000,
      [{ feature: upgrade.feature, maxVersionLevel: upgrade.level, upgradeType: UPGRADE as never }],
      upgrade.dryRun,
    ],
    { partial: true },
  );
  const failed = answer.errorCode !== 0 ? answer : answer.results.find((r) => r.errorCode !== 0);
  if (failed) throw conflict(failed.errorMessage ?? `UpdateFeatures failed with error ${failed.errorCode}`);
  return featureLevels(admin);
}
