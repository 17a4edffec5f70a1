import {
  ClusterParams,
  OpenTransactionList,
  OpenTransactionQuery,
  TransactionAbort,
  TransactionAbortAnswer,
  TransactionList,
  TransactionListQuery,
} from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf } from '../../../domain/paging.ts';
import { byName, nameMatcher } from '../../../domain/topics/topic-naming.ts';
import { abortTransaction } from '../../../domain/transactions/abort.ts';
import { describeTransactions, listTransactionalIds } from '../../../domain/transactions/describe.ts';
import { openTransactions } from '../../../domain/transactions/open.ts';
import type { Services } from '../../../services.ts';

const tags = ['transactions'];

/** Transactions (issue 18 item 5): list, open and hanging ones on a topic, abort. */
export const transactionRoutes: FastifyPluginAsyncZod<Services> = async (app, { config, kafka }) => {
  app.get(
    '/api/:cluster/transactions',
    {
      config: {
        access: {
          resource: 'TRANSACTION',
          action: 'READ',
          handled: { answer: 'transactional ids filtered by TRANSACTION READ patterns' },
        },
        operation: {
          operationId: 'listTransactions',
          tool: 'read',
          summary: 'Transactional ids and their state, a page at a time',
        },
      },
      schema: {
        tags,
        params: ClusterParams,
        querystring: TransactionListQuery,
        response: { 200: TransactionList },
      },
    },
    async (req) => {
      const allow = req.permissions.allow('TRANSACTION', 'READ', req.params.cluster);
      const matches = nameMatcher(req.query.search);
      // ListTransactions answers every id with its state in one request per broker; only the page's ids
      // are described (one DescribeTransactions per coordinator), so a page costs what it shows.
      return kafka.run(req.params.cluster, async (admin) => {
        const listed = new Set((await listTransactionalIds(admin)).map((t) => t.transactionalId));
        const ids = [...listed].filter((id) => allow(id) && matches(id)).sort(byName);
        const page = pageOf(ids, req.query.page, config.pagination.pageSize, req.url);
        return { ...page, results: await describeTransactions(admin, page.results) };
      });
    },
  );

  app.get(
    '/api/:cluster/transactions/open',
    {
      config: {
        access: {
          resource: 'TRANSACTION',
          action: 'READ',
          check: [{ in: 'query', key: 'topic', resource: 'TOPIC', action: 'READ' }],
          handled: { answer: 'transactional ids outside TRANSACTION READ patterns are blanked' },
        },
        operation: {
          operationId: 'listOpenTransactions',
          tool: 'read',
          summary: "Transactions open on a topic's partitions, hanging ones marked",
        },
      },
      schema: {
        tags,
        params: ClusterParams,
        querystring: OpenTransactionQuery,
        response: { 200: OpenTransactionList },
      },
    },
    async (req) => {
      const allow = req.permissions.allow('TRANSACTION', 'READ', req.params.cluster);
      const open = await kafka.run(req.params.cluster, (admin) =>
        openTransactions(admin, req.query.topic, req.query.minDurationMs),
      );
      // A hanging transaction may have no id left: it is shown, its id only when the caller may read it.
      return open.map((t) =>
        t.transactionalId === null || allow(t.transactionalId) ? t : { ...t, transactionalId: null },
      );
    },
  );

  app.post(
    '/api/:cluster/transactions/abort',
    {
      config: {
        // The marker is written into the topic: the caller must be allowed to write records there.
        access: {
          resource: 'TRANSACTION',
          action: 'ABORT',
          check: [{ in: 'body', key: 'topic', resource: 'TOPIC_DATA', action: 'CREATE' }],
        },
        operation: {
          operationId: 'abortTransaction',
          tool: 'destructive',
          summary: "Abort a producer's open transaction on one partition",
        },
      },
      schema: {
        tags,
        params: ClusterParams,
        body: TransactionAbort,
        response: { 200: TransactionAbortAnswer },
      },
    },
    (req) => kafka.run(req.params.cluster, (admin) => abortTransaction(admin, req.body)),
  );
};
