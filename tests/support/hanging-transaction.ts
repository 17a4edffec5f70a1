/**
 * A truly hanging transaction: a transactional record on a partition the transaction coordinator never
 * heard of. A producer's own client always tells the coordinator first (AddPartitionsToTxn, or with
 * transaction version 2 the leader asks the coordinator before appending: KIP-890's partition
 * verification), so this writes the protocol by hand, as a buggy or old client would: InitProducerId for
 * a transactional id, then Produce with a transactional batch and no AddPartitionsToTxn. Only a broker
 * with `transaction.partition.verification.enable=false` appends it; one with verification on (Kafka's
 * default) refuses it (`TRANSACTION_ABORTABLE`). The coordinator keeps the transactional id `Empty`, with no
 * partitions, so nobody will ever write the partition's marker: its last stable offset stays put.
 */
import {
  Connection,
  findCoordinatorV6,
  initProducerIdV5,
  type ProtocolError,
  produceV11,
  ResponseError,
} from '@platformatic/kafka';

export type HangingTransaction = { producerId: bigint; producerEpoch: number; offset: bigint };

/** What a partition of a topic just created answers for a moment: asked again, it goes away. */
const NOT_READY = new Set(['NOT_LEADER_OR_FOLLOWER', 'UNKNOWN_TOPIC_OR_PARTITION', 'LEADER_NOT_AVAILABLE']);

/**
 * `call` again every 250 ms for `ms` while it fails with Kafka error codes `again` accepts (any failure
 * when not given); any other failure rejects at once with `what refused: CODES`.
 */
async function retried<T>(
  what: string,
  call: () => Promise<T>,
  ms = 30_000,
  again: (codes: string[]) => boolean = () => true,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      const codes =
        error instanceof ResponseError ? (error.errors as ProtocolError[]).map((e) => e.apiId) : [];
      if (Date.now() > end || !again(codes)) {
        const reason = codes.length > 0 ? codes.join(', ') : String(error);
        throw new Error(`${what} refused: ${reason}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * Writes one transactional record to `topic`-`partition` on `broker` (host:port, the partition's leader
 * and the transactional id's coordinator: a one-node cluster) without adding the partition to the
 * transaction. Answers the producer id and epoch and the record's offset. Rejects with the broker's
 * error when the broker refuses the append.
 */
export async function writeHangingTransaction(
  broker: string,
  topic: string,
  partition: number,
  transactionalId: string,
  transactionTimeoutMs = 60_000,
): Promise<HangingTransaction> {
  const [host = '', port = ''] = broker.split(':');
  const connection = new Connection('hanging-transaction-tests');
  await connection.connect(host, Number(port));
  try {
    await retried('FindCoordinator', () => findCoordinatorV6.api.async(connection, 1, [transactionalId]));
    const init = await retried('InitProducerId', () =>
      initProducerIdV5.api.async(connection, transactionalId, transactionTimeoutMs, -1n, -1),
    );
    const produce = () =>
      produceV11.api.async(
        connection,
        -1,
        30_000,
        [{ topic, partition, key: Buffer.from('k'), value: Buffer.from('never committed nor aborted') }],
        { transactionalId, producerId: init.producerId, producerEpoch: init.producerEpoch },
      );
    const answer = await retried('Produce', produce, 30_000, (codes) =>
      codes.every((code) => NOT_READY.has(code)),
    );
    if (typeof answer === 'boolean') throw new Error('Produce with acks=-1 answered nothing');
    const written = answer.responses[0]?.partitionResponses[0];
    if (!written) throw new Error('Produce answered no partition');
    return { producerId: init.producerId, producerEpoch: init.producerEpoch, offset: written.baseOffset };
  } finally {
    await connection.close();
  }
}

/**
 * Registers transactional ids with their coordinator (InitProducerId each, as a transactional producer's
 * `initTransactions()`), leaving each `Empty`: a cluster with many transactional ids, one connection to
 * `broker` (a one-node cluster, the stack's) and no producer process.
 */
export async function initTransactionalIds(broker: string, ids: readonly string[]): Promise<void> {
  const [host = '', port = ''] = broker.split(':');
  const connection = new Connection('transactional-ids-tests');
  await connection.connect(host, Number(port));
  try {
    for (const id of ids) {
      await retried('FindCoordinator', () => findCoordinatorV6.api.async(connection, 1, [id]));
      await retried('InitProducerId', () => initProducerIdV5.api.async(connection, id, 60_000, -1n, -1));
    }
  } finally {
    await connection.close();
  }
}
