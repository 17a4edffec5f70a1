import type {
  Reassignment,
  ReassignmentCancel,
  ReassignmentRequest,
  ReplicationChangeResult,
} from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { readMetadata } from '../../kafka/metadata.ts';
import { AppError } from '../../platform/errors.ts';
import { planReplicationFactor } from './plan.ts';
import { brokerThrottles, type Move, removeThrottle, throttleMoves } from './throttle.ts';
import { alterReassignments, listOngoing, type PartitionOutcome } from './wire.ts';

/** The ongoing moves, each with how many of its new replicas already joined the ISR. */
export async function listReassignments(admin: Admin): Promise<Reassignment[]> {
  const ongoing = await listOngoing(admin);
  if (ongoing.length === 0) return [];
  const view = await readMetadata(
    admin,
    ongoing.map((t) => t.name),
  );
  return ongoing
    .flatMap((t) =>
      t.partitions.map((p) => {
        const isr = view.topics.get(t.name)?.partitions.find((m) => m.id === p.partitionIndex)?.isr ?? [];
        return {
          topic: t.name,
          partition: p.partitionIndex,
          replicas: p.replicas,
          addingReplicas: p.addingReplicas,
          removingReplicas: p.removingReplicas,
          isr,
          inSyncAdding: p.addingReplicas.filter((b) => isr.includes(b)).length,
        };
      }),
    )
    .sort((a, b) => a.topic.localeCompare(b.topic) || a.partition - b.partition);
}

export async function listThrottles(admin: Admin) {
  const view = await readMetadata(admin, []);
  return brokerThrottles(admin, [...view.brokers.keys()]);
}

/**
 * Checks every partition exists and every broker is alive before sending anything, so a typo refuses
 * the whole request (404/400 naming it) rather than moving half of it.
 */
async function movesFor(admin: Admin, partitions: ReassignmentRequest['partitions']): Promise<Move[]> {
  const view = await readMetadata(admin, [...new Set(partitions.map((p) => p.topic))]);
  return partitions.map((p, i) => {
    const meta = view.topics.get(p.topic)?.partitions.find((m) => m.id === p.partition);
    if (!meta) {
      throw new AppError('NOT_FOUND', `Partition ${p.topic}-${p.partition} not found`, {
        fields: [{ field: `body.partitions.${i}.partition`, message: 'no such partition' }],
      });
    }
    const unknown = p.replicas.find((b) => !view.brokers.has(b));
    if (unknown !== undefined) {
      throw new AppError('BAD_REQUEST', `Broker ${unknown} is not in the cluster`, {
        fields: [
          { field: `body.partitions.${i}.replicas`, message: `broker ${unknown} is not in the cluster` },
        ],
      });
    }
    return { topic: p.topic, partition: p.partition, current: meta.replicas, target: p.replicas };
  });
}

async function execute(
  admin: Admin,
  moves: Move[],
  throttle: number | undefined,
): Promise<PartitionOutcome[]> {
  // The throttle goes first: a move that starts unthrottled could saturate the links it was meant to spare.
  if (throttle !== undefined) await throttleMoves(admin, moves, throttle);
  const byTopic = new Map<string, { partitionIndex: number; replicas: number[] }[]>();
  for (const m of moves) {
    byTopic.set(m.topic, [
      ...(byTopic.get(m.topic) ?? []),
      { partitionIndex: m.partition, replicas: m.target },
    ]);
  }
  return alterReassignments(
    admin,
    [...byTopic].map(([name, partitions]) => ({ name, partitions })),
  );
}

export async function startReassignment(
  admin: Admin,
  request: ReassignmentRequest,
): Promise<PartitionOutcome[]> {
  return execute(admin, await movesFor(admin, request.partitions), request.throttle);
}

/** Cancels the named partitions' moves: Kafka puts back the replicas they had before. */
export async function cancelReassignment(
  admin: Admin,
  request: ReassignmentCancel,
): Promise<PartitionOutcome[]> {
  const byTopic = new Map<string, { partitionIndex: number; replicas: null }[]>();
  for (const p of request.partitions) {
    byTopic.set(p.topic, [...(byTopic.get(p.topic) ?? []), { partitionIndex: p.partition, replicas: null }]);
  }
  return alterReassignments(
    admin,
    [...byTopic].map(([name, partitions]) => ({ name, partitions })),
  );
}

/** A new replication factor for every partition of `topic`, planned by plan.ts and sent as one move. */
export async function changeReplicationFactor(
  admin: Admin,
  topic: string,
  replicationFactor: number,
  throttle: number | undefined,
): Promise<ReplicationChangeResult> {
  const view = await readMetadata(admin, [topic]);
  const meta = view.topics.get(topic);
  if (!meta) throw new AppError('NOT_FOUND', `Topic '${topic}' not found`);
  if (replicationFactor > view.brokers.size) {
    throw new AppError(
      'BAD_REQUEST',
      `Replication factor ${replicationFactor} exceeds the ${view.brokers.size} brokers`,
      {
        fields: [
          {
            field: 'body.replicationFactor',
            message: `at most ${view.brokers.size} (the brokers in the cluster)`,
          },
        ],
      },
    );
  }
  const moves = planReplicationFactor(meta.partitions, [...view.brokers.keys()], replicationFactor).map(
    (p) => ({
      topic,
      partition: p.id,
      current: p.replicas,
      target: p.target,
    }),
  );
  const changed = moves.filter((m) => m.target.join() !== m.current.join());
  const outcomes = changed.length ? await execute(admin, changed, throttle) : [];
  return {
    partitions: moves.map((m) => ({
      topic,
      partition: m.partition,
      replicas: m.target,
      error: outcomes.find((o) => o.partition === m.partition)?.error ?? null,
    })),
  };
}

/** Removes the throttle from every broker and from the named topics. */
export async function clearThrottle(admin: Admin, topics: readonly string[]): Promise<void> {
  const view = await readMetadata(admin, []);
  await removeThrottle(admin, [...view.brokers.keys()], topics);
}
