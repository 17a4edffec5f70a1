import type { Transaction } from '@console/contract';
import type { Admin, describeTransactionsV0, listTransactionsV2 } from '@platformatic/kafka';
import { chunked, inBatches, requestLimits } from '../../kafka/cluster/request-limits.ts';
import { readMetadata } from '../../kafka/metadata.ts';
import { send } from '../../kafka/protocol.ts';
import { byName } from '../topics/topic-naming.ts';
import { transactionCoordinators } from './coordinators.ts';

export type ListedTransaction = { transactionalId: string; producerId: bigint; state: string };

/**
 * The transactional ids every broker coordinates (ListTransactions goes to each broker: a coordinator
 * answers only for its own ids), optionally only those of the given producer ids.
 */
export async function listTransactionalIds(
  admin: Admin,
  producerIds: readonly bigint[] = [],
): Promise<ListedTransaction[]> {
  const { brokers } = await readMetadata(admin, []);
  const answers = await inBatches(admin, [...brokers.values()], (broker) =>
    send<[string[], bigint[], bigint, string | null], listTransactionsV2.ListTransactionsResponse>(
      admin,
      broker,
      'ListTransactions',
      () => [[], [...producerIds], -1n, null],
    ),
  );
  return answers.flatMap((a) =>
    a.transactionStates.map((t) => ({
      transactionalId: t.transactionalId,
      producerId: t.producerId,
      state: t.transactionState,
    })),
  );
}

/** What each transactional id's coordinator says of it (DescribeTransactions, batched per coordinator). */
export async function describeTransactions(admin: Admin, ids: readonly string[]): Promise<Transaction[]> {
  const coordinators = await transactionCoordinators(admin, ids);
  const { brokers } = await readMetadata(admin, []);
  const per = new Map<number, string[]>();
  for (const id of ids) {
    const node = coordinators.get(id);
    if (node === undefined) continue;
    per.set(node, [...(per.get(node) ?? []), id]);
  }
  const size = requestLimits(admin).groupsPerRequest;
  const runs = [...per].flatMap(([node, all]) => chunked(all, size).map((run) => ({ node, run })));
  const answers = await inBatches(admin, runs, async ({ node, run }) => {
    const broker = brokers.get(node);
    if (!broker) return [];
    const answer = await send<[string[]], describeTransactionsV0.DescribeTransactionsResponse>(
      admin,
      broker,
      'DescribeTransactions',
      () => [run],
      { partial: true },
    );
    return answer.transactionStates.filter((t) => t.errorCode === 0).map((t) => toTransaction(t, node));
  });
  return answers.flat().sort((a, b) => byName(a.transactionalId, b.transactionalId));
}

/** Coordinator states in which a transaction still owns its partitions and will write their markers. */
const RUNNING = new Set(['Ongoing', 'PrepareCommit', 'PrepareAbort', 'PrepareEpochFence']);

function toTransaction(
  t: describeTransactionsV0.DescribeTransactionsResponseTransactionState,
  coordinator: number,
): Transaction {
  const start = Number(t.transactionStartTimeMs);
  // A completed transaction keeps its last start time: only a running one has a duration.
  const open = start > 0 && RUNNING.has(t.transactionState);
  return {
    transactionalId: t.transactionalId,
    state: t.transactionState,
    producerId: String(t.producerId),
    producerEpoch: t.producerEpoch,
    timeoutMs: t.transactionTimeoutMs,
    startTime: open ? new Date(start).toISOString() : null,
    durationMs: open ? Math.max(0, Date.now() - start) : null,
    coordinator,
    partitions: t.topics
      .flatMap((topic) => topic.partitions.map((partition) => ({ topic: topic.topic, partition })))
      .sort((a, b) => a.topic.localeCompare(b.topic) || a.partition - b.partition),
  };
}
