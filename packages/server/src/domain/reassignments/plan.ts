import type { PartitionMeta } from '../../kafka/metadata.ts';

/**
 * The replicas each partition gets at a new replication factor. Growing keeps the current replicas
 * (leader first) and adds the brokers that hold the fewest replicas of the topic; shrinking drops
 * replicas from the end of the list, never the preferred leader. Moves as little data as it can.
 */
export function planReplicationFactor(
  partitions: readonly PartitionMeta[],
  brokers: readonly number[],
  factor: number,
): { id: number; replicas: number[]; target: number[] }[] {
  const load = new Map(brokers.map((b) => [b, 0]));
  for (const p of partitions) for (const b of p.replicas) load.set(b, (load.get(b) ?? 0) + 1);
  return partitions.map((p) => {
    if (p.replicas.length >= factor) {
      const target = p.replicas.slice(0, factor);
      for (const b of p.replicas.slice(factor)) load.set(b, (load.get(b) ?? 1) - 1);
      return { id: p.id, replicas: p.replicas, target };
    }
    const target = [...p.replicas];
    while (target.length < factor) {
      const next = [...load]
        .filter(([b]) => !target.includes(b))
        .sort(([a, la], [b, lb]) => la - lb || a - b)[0];
      if (!next) break;
      target.push(next[0]);
      load.set(next[0], next[1] + 1);
    }
    return { id: p.id, replicas: p.replicas, target };
  });
}
