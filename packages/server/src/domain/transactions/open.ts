import type { OpenTransaction, Transaction } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { topicMetadata } from '../../kafka/metadata.ts';
import { describeTransactions, listTransactionalIds } from './describe.ts';
import { activeProducers } from './producers.ts';

/**
 * Transactions open on the topic's partitions for at least `minDurationMs`, each said hanging or not,
 * as `kafka-transactions.sh find-hanging --topic` decides: a producer with a current transaction start
 * offset whose transactional id is gone, or whose coordinator does not list the partition in the
 * transaction (never added to it, as a write without AddPartitionsToTxn, or already completed).
 */
export async function openTransactions(
  admin: Admin,
  topic: string,
  minDurationMs: number,
): Promise<OpenTransaction[]> {
  const { view, meta } = await topicMetadata(admin, topic);
  const now = Date.now();
  const open = (await activeProducers(admin, view, meta)).filter(
    (p) => p.currentTxnStartOffset >= 0n && now - Number(p.lastTimestamp) >= minDurationMs,
  );
  if (open.length === 0) return [];
  const listed = await listTransactionalIds(admin, [...new Set(open.map((p) => p.producerId))]);
  const idOf = new Map(listed.map((t) => [t.producerId, t.transactionalId]));
  const described = new Map<string, Transaction>(
    (await describeTransactions(admin, [...new Set(idOf.values())])).map((t) => [t.transactionalId, t]),
  );
  return open
    .map((p) => {
      const transactionalId = idOf.get(p.producerId) ?? null;
      const coordinator = transactionalId === null ? undefined : described.get(transactionalId);
      // find-hanging's rule: the coordinator will write this partition's marker only if it lists the
      // partition (DescribeTransactions names an ongoing transaction's partitions, and a preparing one's
      // not yet marked); every other state lists none.
      const live =
        coordinator?.partitions.some((c) => c.topic === p.topic && c.partition === p.partition) ?? false;
      const last = Number(p.lastTimestamp);
      return {
        topic: p.topic,
        partition: p.partition,
        producerId: String(p.producerId),
        producerEpoch: p.producerEpoch,
        coordinatorEpoch: p.coordinatorEpoch,
        startOffset: String(p.currentTxnStartOffset),
        lastTimestamp: last > 0 ? new Date(last).toISOString() : null,
        durationMs: last > 0 ? Math.max(0, now - last) : 0,
        transactionalId,
        coordinatorState: coordinator?.state ?? null,
        hanging: !live,
      };
    })
    .sort((a, b) => a.partition - b.partition || a.producerId.localeCompare(b.producerId));
}
