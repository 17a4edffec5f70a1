import type { OpenTransaction, TransactionAbort, TransactionListQuery } from '@console/contract';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { Config } from '../../platform/config/schema.ts';
import type { NameFilter } from '../access/roles.ts';
import { pageOf } from '../paging.ts';
import { byName, nameMatcher } from '../topics/topic-naming.ts';
import { abortTransaction } from './abort.ts';
import { describeTransactions, listTransactionalIds } from './describe.ts';
import { openTransactions } from './open.ts';

/** The transaction screens' operations on a cluster: list, open and hanging ones on a topic, abort. */
export function transactionService(config: Config, kafka: KafkaPool) {
  return {
    /**
     * ListTransactions answers every id with its state in one request per broker; only the page's ids
     * are described (one DescribeTransactions per coordinator), so a page costs what it shows.
     */
    list: (cluster: string, query: TransactionListQuery, url: string, visible: NameFilter) =>
      kafka.run(cluster, async (admin) => {
        const matches = nameMatcher(query.search);
        const listed = new Set((await listTransactionalIds(admin)).map((t) => t.transactionalId));
        const ids = [...listed].filter((id) => visible(id) && matches(id)).sort(byName);
        const page = pageOf(ids, query.page, config.pagination.pageSize, url);
        return { ...page, results: await describeTransactions(admin, page.results) };
      }),

    /** A hanging transaction may have no id left: it is shown, its id only when the caller may read it. */
    async open(cluster: string, topic: string, minDurationMs: number, visible: NameFilter) {
      const open: OpenTransaction[] = await kafka.run(cluster, (admin) =>
        openTransactions(admin, topic, minDurationMs),
      );
      return open.map((t) =>
        t.transactionalId === null || visible(t.transactionalId) ? t : { ...t, transactionalId: null },
      );
    },

    abort: (cluster: string, request: TransactionAbort) =>
      kafka.run(cluster, (admin) => abortTransaction(admin, request)),
  };
}

export type TransactionService = ReturnType<typeof transactionService>;
