import type { TransactionAbort } from '@console/contract';
import { type Admin, type Connection, kGetConnection } from '@platformatic/kafka';
import { topicMetadata } from '../../kafka/metadata.ts';
import { missing } from '../../platform/errors.ts';
import { activeProducers } from './producers.ts';
import { writeTxnMarkersV1 } from './write-txn-markers.ts';

/**
 * Aborts the transaction a producer has open on one partition, as `kafka-transactions.sh abort`
 * (Admin#abortTransaction): the producer's epoch and coordinator epoch come from the partition
 * leader (DescribeProducers), then an abort marker goes to that leader (WriteTxnMarkers). The
 * records of the transaction become aborted and the partition's last stable offset moves on.
 */
export async function abortTransaction(
  admin: Admin,
  abort: TransactionAbort,
): Promise<{ topic: string; partition: number; producerId: string; producerEpoch: number }> {
  const { view, meta } = await topicMetadata(admin, abort.topic);
  const partition = meta.partitions.find((p) => p.id === abort.partition);
  if (!partition) throw missing('partition', `Topic '${abort.topic}' has no partition ${abort.partition}`);
  const producerId = BigInt(abort.producerId);
  const producer = (await activeProducers(admin, view, meta, [abort.partition])).find(
    (p) => p.producerId === producerId && p.currentTxnStartOffset >= 0n,
  );
  if (!producer) {
    throw missing(
      'producerId',
      `Producer ${abort.producerId} has no open transaction on ${abort.topic}-${abort.partition}`,
    );
  }
  const broker = view.brokers.get(producer.leader);
  if (!broker) throw missing('partition', `Partition ${abort.partition} has no leader`);
  const connection = await new Promise<Connection>((resolve, reject) =>
    admin[kGetConnection](broker, (error, found) => (found ? resolve(found) : reject(error))),
  );
  await writeTxnMarkersV1.async(connection, [
    {
      producerId,
      producerEpoch: producer.producerEpoch,
      commit: false,
      topics: [{ name: abort.topic, partitions: [abort.partition] }],
      coordinatorEpoch: producer.coordinatorEpoch,
    },
  ]);
  return {
    topic: abort.topic,
    partition: abort.partition,
    producerId: abort.producerId,
    producerEpoch: producer.producerEpoch,
  };
}
