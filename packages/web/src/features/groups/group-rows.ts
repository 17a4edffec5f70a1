import type { ConsumerGroup, GroupMember, GroupOffset, PartitionLagTime } from '@console/contract';

/** Lag of one topic: the sum over its partitions with a committed offset; null when none has one. */
export function groupTopicLag(group: Pick<ConsumerGroup, 'offsets'>, topic: string): number | null {
  const lags = (group.offsets ?? []).filter((o) => o.topic === topic && o.offsetLag !== undefined);
  if (lags.length === 0) return null;
  return lags.reduce((sum, o) => sum + (o.offsetLag ?? 0), 0);
}

export type OffsetRow = GroupOffset & {
  id: string;
  memberHost: string | undefined;
  lagMs?: number | undefined;
};

/** One row per partition, with the host of the member it is assigned to and its lag in time when known. */
export function toOffsetRows(
  offsets: readonly GroupOffset[],
  members: readonly GroupMember[],
  lagTimes: readonly PartitionLagTime[] = [],
): OffsetRow[] {
  const hostOf = new Map<string, string>();
  for (const member of members) {
    for (const a of member.assignments ?? []) hostOf.set(`${a.topic}#${a.partition}`, member.host);
  }
  const lagMsOf = new Map(lagTimes.map((p) => [`${p.topic}#${p.partition}`, p.lagMs]));
  return [...offsets]
    .sort((a, b) => a.topic.localeCompare(b.topic) || a.partition - b.partition)
    .map((o) => {
      const id = `${o.topic}#${o.partition}`;
      return { ...o, id, memberHost: hostOf.get(id), lagMs: lagMsOf.get(id) };
    });
}

/** The distinct topics of a group's offsets, sorted. */
export function offsetTopics(offsets: readonly GroupOffset[]): string[] {
  return [...new Set(offsets.map((o) => o.topic))].sort((a, b) => a.localeCompare(b));
}
