import {
  type Admin,
  ConfigResourceTypes,
  ConfigSources,
  IncrementalAlterConfigOperationTypes,
} from '@platformatic/kafka';

/** The broker and topic configs ReassignPartitionsCommand uses to throttle a move (KIP-73). */
export const LEADER_RATE = 'leader.replication.throttled.rate';
export const FOLLOWER_RATE = 'follower.replication.throttled.rate';
const LEADER_REPLICAS = 'leader.replication.throttled.replicas';
const FOLLOWER_REPLICAS = 'follower.replication.throttled.replicas';

export type Move = { topic: string; partition: number; current: number[]; target: number[] };

/**
 * Throttles the moves at `rate` bytes/s as Kafka's own tool does: the rate on every broker involved,
 * and per topic the replicas that send (the current ones) and those that receive (the new ones).
 */
export async function throttleMoves(admin: Admin, moves: readonly Move[], rate: number): Promise<void> {
  const brokers = new Set(moves.flatMap((m) => [...m.current, ...m.target]));
  const byTopic = new Map<string, { leaders: string[]; followers: string[] }>();
  for (const m of moves) {
    const entry = byTopic.get(m.topic) ?? { leaders: [], followers: [] };
    entry.leaders.push(...m.current.map((b) => `${m.partition}:${b}`));
    entry.followers.push(...m.target.filter((b) => !m.current.includes(b)).map((b) => `${m.partition}:${b}`));
    byTopic.set(m.topic, entry);
  }
  const set = (name: string, value: string) => ({
    name,
    value,
    configOperation: IncrementalAlterConfigOperationTypes.SET,
  });
  await admin.incrementalAlterConfigs({
    resources: [
      ...[...brokers].map((b) => ({
        resourceType: ConfigResourceTypes.BROKER,
        resourceName: String(b),
        configs: [set(LEADER_RATE, String(rate)), set(FOLLOWER_RATE, String(rate))],
      })),
      ...[...byTopic].map(([topic, { leaders, followers }]) => ({
        resourceType: ConfigResourceTypes.TOPIC,
        resourceName: topic,
        configs: [
          set(LEADER_REPLICAS, leaders.join(',')),
          ...(followers.length ? [set(FOLLOWER_REPLICAS, followers.join(','))] : []),
        ],
      })),
    ],
  });
}

/** Removes the throttle from the given brokers and topics (what `--verify` does once a move is done). */
export async function removeThrottle(
  admin: Admin,
  brokers: readonly number[],
  topics: readonly string[],
): Promise<void> {
  const remove = (name: string) => ({ name, configOperation: IncrementalAlterConfigOperationTypes.DELETE });
  await admin.incrementalAlterConfigs({
    resources: [
      ...brokers.map((b) => ({
        resourceType: ConfigResourceTypes.BROKER,
        resourceName: String(b),
        configs: [remove(LEADER_RATE), remove(FOLLOWER_RATE)],
      })),
      ...topics.map((topic) => ({
        resourceType: ConfigResourceTypes.TOPIC,
        resourceName: topic,
        configs: [remove(LEADER_REPLICAS), remove(FOLLOWER_REPLICAS)],
      })),
    ],
  });
}

/** The throttle rates each broker carries now (dynamic per-broker configs). */
export async function brokerThrottles(
  admin: Admin,
  brokers: readonly number[],
): Promise<{ broker: number; leaderRate?: number; followerRate?: number }[]> {
  if (brokers.length === 0) return [];
  const described = await admin.describeConfigs({
    resources: brokers.map((b) => ({
      resourceType: ConfigResourceTypes.BROKER,
      resourceName: String(b),
      configurationKeys: [LEADER_RATE, FOLLOWER_RATE],
    })),
    includeSynonyms: false,
    includeDocumentation: false,
  });
  return described.flatMap((d) => {
    // Only a dynamic per-broker value is a throttle someone set; the static default is Long.MAX_VALUE.
    const rate = (name: string) => {
      const c = d.configs.find(
        (e) =>
          e.name === name &&
          (e.configSource === ConfigSources.DYNAMIC_BROKER_CONFIG ||
            e.configSource === ConfigSources.DYNAMIC_DEFAULT_BROKER_CONFIG),
      );
      return c?.value ? Number(c.value) : undefined;
    };
    const leaderRate = rate(LEADER_RATE);
    const followerRate = rate(FOLLOWER_RATE);
    if (leaderRate === undefined && followerRate === undefined) return [];
    return [
      {
        broker: Number(d.resourceName),
        ...(leaderRate !== undefined ? { leaderRate } : {}),
        ...(followerRate !== undefined ? { followerRate } : {}),
      },
    ];
  });
}
