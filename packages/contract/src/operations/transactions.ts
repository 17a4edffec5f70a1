import { z } from 'zod';
import { pagedList } from '../common/lists.ts';
import { onFirstUse } from '../common/on-first-use.ts';
import { lenientInt } from '../common/query.ts';

export const TransactionPartition = onFirstUse(() =>
  z.object({ topic: z.string(), partition: z.number().int() }),
);

/** One transactional id as its coordinator describes it (DescribeTransactions, KIP-664). */
export const Transaction = onFirstUse(() =>
  z
    .object({
      transactionalId: z.string(),
      state: z.string().meta({ description: 'Ongoing, PrepareCommit, CompleteAbort, Empty...' }),
      producerId: z.string().meta({ description: 'int64, as text' }),
      producerEpoch: z.number().int(),
      timeoutMs: z.number().int(),
      startTime: z
        .string()
        .nullable()
        .meta({ description: 'ISO time the transaction began; null when none' }),
      durationMs: z.number().int().nullable(),
      coordinator: z.number().int(),
      partitions: z.array(TransactionPartition),
    })
    .meta({ id: 'Transaction' }),
);
export type Transaction = z.infer<typeof Transaction>;
/**
 * `GET /api/{cluster}/transactions`: a page of transactional ids by name (AKHQ's paged list); only the
 * page's ids are described. A bad or non-positive page is page 1; a page past the end is empty.
 */
export const TransactionListQuery = onFirstUse(() =>
  z.object({
    search: z
      .string()
      .max(255)
      .optional()
      .meta({ description: 'Space-separated terms; every one must be in the transactional id' }),
    page: lenientInt.meta({ description: '1-based page number' }),
  }),
);
export type TransactionListQuery = z.infer<typeof TransactionListQuery>;
export const TransactionList = onFirstUse(() => pagedList(Transaction).meta({ id: 'TransactionList' }));
export type TransactionList = z.infer<typeof TransactionList>;

/**
 * A transaction open on a partition (DescribeProducers: a producer with a current start offset) for
 * longer than the asked timeout. `hanging` when its coordinator does not have it ongoing on that
 * partition: no marker will ever close it and it holds back the partition's last stable offset.
 */
export const OpenTransaction = onFirstUse(() =>
  z
    .object({
      topic: z.string(),
      partition: z.number().int(),
      producerId: z.string(),
      producerEpoch: z.number().int(),
      coordinatorEpoch: z.number().int(),
      startOffset: z.string(),
      lastTimestamp: z.string().nullable(),
      durationMs: z.number().int(),
      transactionalId: z.string().nullable(),
      coordinatorState: z.string().nullable(),
      hanging: z.boolean(),
    })
    .meta({ id: 'OpenTransaction' }),
);
export type OpenTransaction = z.infer<typeof OpenTransaction>;
export const OpenTransactionList = onFirstUse(() => z.array(OpenTransaction));

/** `GET /api/{cluster}/transactions/open`: the partitions of one topic, or those one broker leads. */
export const OpenTransactionQuery = onFirstUse(() =>
  z.object({
    topic: z.string().min(1).max(249).meta({ description: 'The topic whose partitions are asked' }),
    minDurationMs: z.coerce.number().int().min(0).max(86_400_000).default(0).meta({
      description: 'Only transactions open at least this long (kafka-transactions.sh find-hanging: 15 min)',
    }),
  }),
);

/** `POST /api/{cluster}/transactions/abort`: writes an abort marker, as kafka-transactions.sh abort. */
export const TransactionAbort = onFirstUse(() =>
  z
    .object({
      topic: z.string().min(1).max(249),
      partition: z.number().int().min(0).max(1_000_000),
      producerId: z.string().regex(/^\d{1,19}$/, 'must be a producer id (digits)'),
    })
    .meta({ id: 'TransactionAbort' }),
);
export type TransactionAbort = z.infer<typeof TransactionAbort>;

export const TransactionAbortAnswer = onFirstUse(() =>
  z
    .object({
      topic: z.string(),
      partition: z.number().int(),
      producerId: z.string(),
      producerEpoch: z.number().int(),
    })
    .meta({ id: 'TransactionAbortAnswer' }),
);
