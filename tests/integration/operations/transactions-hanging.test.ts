// "Find hanging transactions" with a transaction that truly hangs: a transactional
// record on a partition its coordinator never heard of (tests/support/hanging-transaction.ts). Kafka 4.4
// refuses such a write by default (partition verification, KIP-890), so it is made on a broker of this
// test's own with `transaction.partition.verification.enable=false`, as a broker before 3.6 behaved. The
// console's answer is checked against `kafka-transactions.sh find-hanging`, then the transaction is aborted
// through the API and Kafka's tools confirm it is gone and the last stable offset moved on.
import { randomUUID } from 'node:crypto';
import {
  Admin,
  FetchIsolationLevels,
  type FetchIsolationLevelValue,
  Producer,
  stringSerializers,
} from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenTransaction, TransactionList } from '../../../packages/contract/src/index.ts';
import { writeHangingTransaction } from '../../support/hanging-transaction.ts';
import { bootstrap, testKafka, uniqueName } from '../../support/kafka.ts';
import { privateCluster, type TestCluster } from '../../support/kafka-cluster.ts';
import { kafkaTool, toolTable } from '../../support/kafka-tools.ts';
import { startSecuredApp } from '../../support/ops-app.ts';

const transactionalId = `test-hanging-${randomUUID()}`;
const topic = uniqueName('topic');
let cluster: TestCluster;
let admin: Admin;
let ops: Awaited<ReturnType<typeof startSecuredApp>>;
let hanging: Awaited<ReturnType<typeof writeHangingTransaction>>;

const tool = (args: string[]) =>
  kafkaTool('TransactionsCommand', ['--bootstrap-server', cluster.bootstrap, ...args]);
const findHanging = async () =>
  toolTable(await tool(['find-hanging', '--topic', topic, '--max-transaction-timeout', '0']));

async function produce(values: string[]): Promise<void> {
  const producer = new Producer({
    clientId: 'hanging-tests',
    bootstrapBrokers: [cluster.bootstrap],
    serializers: stringSerializers,
  });
  await producer.send({ messages: values.map((value) => ({ topic, partition: 0, value })) });
  await producer.close();
}

/** Partition 0's end offset as a read_committed reader sees it (the last stable offset) and as the log has it. */
async function offsets(): Promise<{ stable: bigint; end: bigint }> {
  const latest = async (isolationLevel: FetchIsolationLevelValue) => {
    const [answer] = await admin.listOffsets({
      topics: [{ name: topic, partitions: [{ partitionIndex: 0, timestamp: -1n }] }],
      isolationLevel,
    });
    return answer?.partitions[0]?.offset ?? -1n;
  };
  return {
    stable: await latest(FetchIsolationLevels.READ_COMMITTED),
    end: await latest(FetchIsolationLevels.READ_UNCOMMITTED),
  };
}

beforeAll(async () => {
  cluster = await privateCluster(1, {
    'transaction.partition.verification.enable': 'false',
    'transaction.state.log.num.partitions': 1,
    // The coordinator looks for timed-out transactions every second (default 10 s): the test can show
    // that a transaction past its timeout is still hanging.
    'transaction.abort.timed.out.transaction.cleanup.interval.ms': 1000,
  });
  admin = new Admin({ clientId: 'hanging-tests', bootstrapBrokers: [cluster.bootstrap] });
  await admin.createTopics({ topics: [topic], partitions: 1, replicas: 1 });
  ops = await startSecuredApp(cluster.bootstrap);
  // offset 0 committed, 1 the hanging transaction's record, 2 and 3 committed after it.
  await produce(['before']);
  hanging = await writeHangingTransaction(cluster.bootstrap, topic, 0, transactionalId, 1000);
  await produce(['after-1', 'after-2']);
}, 180_000);

afterAll(async () => {
  await ops?.app.close();
  await admin?.close();
  await cluster?.stop();
}, 60_000);

describe('a hanging transaction', () => {
  it('cannot be made on a broker with partition verification on (the stack, Kafka 4.4 defaults)', async () => {
    const kafka = testKafka();
    const guarded = await kafka.createTopic(1);
    try {
      await expect(
        writeHangingTransaction(bootstrap(), guarded, 0, `${transactionalId}-guarded`),
      ).rejects.toThrow('Produce refused: TRANSACTION_ABORTABLE');
      const [described] = toolTable(
        await kafkaTool('TransactionsCommand', [
          '--bootstrap-server',
          bootstrap(),
          'describe-producers',
          '--topic',
          guarded,
          '--partition',
          '0',
        ]),
      );
      expect(described).toBeUndefined();
    } finally {
      await kafka.cleanup();
    }
  });

  it('holds the last stable offset at its record, its coordinator knowing nothing of the partition, after its timeout', async () => {
    expect(hanging.offset).toBe(1n);
    // Past the transaction's 1 s timeout, the coordinator (checking every second) would have aborted an
    // ongoing transaction; this one it does not know of on this partition, so nothing moves.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await offsets()).toEqual({ stable: 1n, end: 4n });
    const listed = await ops.call('reader', 'GET', `/transactions?search=${transactionalId}`);
    const [txn] = (listed.body as TransactionList).results;
    expect(txn).toMatchObject({
      transactionalId,
      producerId: String(hanging.producerId),
      state: 'Empty',
      partitions: [],
    });
  });

  it('is found hanging by the console as by kafka-transactions.sh find-hanging', async () => {
    const { status, body } = await ops.call('reader', 'GET', `/transactions/open?topic=${topic}`);
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    const [open] = body as OpenTransaction[];
    expect(open).toMatchObject({
      topic,
      partition: 0,
      producerId: String(hanging.producerId),
      producerEpoch: hanging.producerEpoch,
      startOffset: '1',
      transactionalId,
      coordinatorState: 'Empty',
      hanging: true,
    });
    const rows = await findHanging();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Topic: topic,
      Partition: '0',
      ProducerId: open?.producerId,
      ProducerEpoch: String(open?.producerEpoch),
      CoordinatorEpoch: String(open?.coordinatorEpoch),
      StartOffset: open?.startOffset,
      LastTimestamp: String(Date.parse(open?.lastTimestamp ?? '')),
    });
  });

  it('is aborted through the API: find-hanging finds nothing, the last stable offset moves past it, read_committed skips its record', async () => {
    const abort = { topic, partition: 0, producerId: String(hanging.producerId) };
    expect((await ops.call('reader', 'POST', '/transactions/abort', abort)).status).toBe(403);
    const done = await ops.call('admin', 'POST', '/transactions/abort', abort);
    expect(done.status).toBe(200);
    expect(await findHanging()).toEqual([]);
    const [producer] = toolTable(await tool(['describe-producers', '--topic', topic, '--partition', '0']));
    expect(producer).toMatchObject({ ProducerId: abort.producerId, CurrentTransactionStartOffset: 'None' });
    // The abort marker is offset 4: the log ends at 5 and so does what a read_committed reader may read.
    expect(await offsets()).toEqual({ stable: 5n, end: 5n });
    const consumed = await kafkaTool('consumer.ConsoleConsumer', [
      '--bootstrap-server',
      cluster.bootstrap,
      '--topic',
      topic,
      '--partition',
      '0',
      '--offset',
      '0',
      '--isolation-level',
      'read_committed',
      '--max-messages',
      '3',
      '--timeout-ms',
      '20000',
    ]);
    expect(consumed.trim().split('\n')).toEqual(['before', 'after-1', 'after-2']);
    expect((await ops.call('admin', 'GET', `/transactions/open?topic=${topic}`)).body).toEqual([]);
  });
});
