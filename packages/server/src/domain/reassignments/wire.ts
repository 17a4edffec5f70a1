import {
  type Admin,
  type alterPartitionReassignmentsV1,
  type listPartitionReassignmentsV0,
  protocolErrorsCodesById,
} from '@platformatic/kafka';
import { send } from '../../kafka/protocol.ts';

const TIMEOUT_MS = 30_000;

/** Every ongoing reassignment (KIP-455): the broker forwards the request to the active controller. */
export async function listOngoing(
  admin: Admin,
): Promise<listPartitionReassignmentsV0.ListPartitionReassignmentsResponse['topics']> {
  const answer = await send<[number, null], listPartitionReassignmentsV0.ListPartitionReassignmentsResponse>(
    admin,
    'any',
    'ListPartitionReassignments',
    () => [TIMEOUT_MS, null],
  );
  return answer.topics;
}

export type PartitionOutcome = { topic: string; partition: number; error: string | null };

/**
 * Sends new replica lists (null cancels a partition's ongoing move). Kafka answers per partition; a
 * refused partition carries its reason and does not fail the others.
 */
export async function alterReassignments(
  admin: Admin,
  topics: alterPartitionReassignmentsV1.AlterPartitionReassignmentsRequestTopic[],
): Promise<PartitionOutcome[]> {
  const answer = await send<
    [number, boolean, alterPartitionReassignmentsV1.AlterPartitionReassignmentsRequestTopic[]],
    alterPartitionReassignmentsV1.AlterPartitionReassignmentsResponse
  >(admin, 'any', 'AlterPartitionReassignments', () => [TIMEOUT_MS, true, topics], { partial: true });
  if (answer.errorCode !== 0) {
    const reason =
      answer.errorMessage ?? protocolErrorsCodesById[answer.errorCode] ?? `error ${answer.errorCode}`;
    return topics.flatMap((t) =>
      t.partitions.map((p) => ({ topic: t.name, partition: p.partitionIndex, error: reason })),
    );
  }
  return answer.responses.flatMap((t) =>
    t.partitions.map((p) => ({
      topic: t.name,
      partition: p.partitionIndex,
      error:
        p.errorCode === 0
          ? null
          : (p.errorMessage ?? protocolErrorsCodesById[p.errorCode] ?? `error ${p.errorCode}`),
    })),
  );
}
