import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenTransaction, TransactionList } from '../../../packages/contract/src/index.ts';
import { installConfluentClient, openTransactionAndDie } from '../../support/confluent-client.ts';
import { bootstrap, testKafka } from '../../support/kafka.ts';
import { stackTool, toolTable } from '../../support/kafka-tools.ts';
import { startSecuredApp } from '../../support/ops-app.ts';

// A transaction left open by a producer that died, as the console and Kafka's
// TransactionsCommand see it, then aborted through the API.
const kafka = testKafka();
const transactionalId = `test-txn-${randomUUID()}`;
let topic: string;
let ops: Awaited<ReturnType<typeof startSecuredApp>>;

beforeAll(async () => {
  await installConfluentClient();
  topic = await kafka.createTopic(1);
  ops = await startSecuredApp();
  await openTransactionAndDie(bootstrap(), topic, transactionalId, 3);
}, 120_000);
afterAll(async () => {
  await ops?.app.close();
  await kafka.cleanup();
});

describe('transactions', () => {
  let producerId: string;

  it('lists the open transaction as TransactionsCommand describes it', async () => {
    const { status, body } = await ops.call('reader', 'GET', `/transactions?search=${transactionalId}`);
    expect(status).toBe(200);
    const [txn] = (body as TransactionList).results;
    expect(txn).toMatchObject({ transactionalId, state: 'Ongoing', partitions: [{ topic, partition: 0 }] });
    producerId = txn?.producerId ?? '';
    const [described] = toolTable(
      await stackTool('TransactionsCommand', ['describe', '--transactional-id', transactionalId]),
    );
    expect(described).toMatchObject({
      TransactionalId: transactionalId,
      ProducerId: producerId,
      ProducerEpoch: String(txn?.producerEpoch),
      TransactionState: 'Ongoing',
      TransactionTimeoutMs: String(txn?.timeoutMs),
      TopicPartitions: `${topic}-0`,
    });
  });

  it("finds it open on the topic's partition, its coordinator still holding it (not hanging)", async () => {
    const { status, body } = await ops.call('reader', 'GET', `/transactions/open?topic=${topic}`);
    expect(status).toBe(200);
    const [open] = body as OpenTransaction[];
    expect(body).toHaveLength(1);
    expect(open).toMatchObject({
      partition: 0,
      producerId,
      transactionalId,
      coordinatorState: 'Ongoing',
      hanging: false,
    });
    const [producer] = toolTable(
      await stackTool('TransactionsCommand', ['describe-producers', '--topic', topic, '--partition', '0']),
    );
    expect(producer).toMatchObject({
      ProducerId: producerId,
      CurrentTransactionStartOffset: open?.startOffset,
      LatestCoordinatorEpoch: String(open?.coordinatorEpoch),
    });
  });

  it('lets the reader role not abort it, and the admin abort it: the partition has no open transaction left', async () => {
    const abort = { topic, partition: 0, producerId };
    expect((await ops.call('reader', 'POST', '/transactions/abort', abort)).status).toBe(403);
    const done = await ops.call('admin', 'POST', '/transactions/abort', abort);
    expect(done.status).toBe(200);
    const [producer] = toolTable(
      await stackTool('TransactionsCommand', ['describe-producers', '--topic', topic, '--partition', '0']),
    );
    expect(producer).toMatchObject({ ProducerId: producerId, CurrentTransactionStartOffset: 'None' });
    expect((await ops.call('admin', 'GET', `/transactions/open?topic=${topic}`)).body).toEqual([]);
    expect(ops.audits()).toContainEqual(
      expect.objectContaining({ user: 'admin', action: 'TRANSACTION:ABORT', target: topic, status: 200 }),
    );
    // A second abort finds nothing open: 404 naming the producer.
    const again = await ops.call('admin', 'POST', '/transactions/abort', abort);
    expect(again.status).toBe(404);
    expect((again.body as { fields: { field: string }[] }).fields[0]?.field).toBe('producerId');
  });
});
