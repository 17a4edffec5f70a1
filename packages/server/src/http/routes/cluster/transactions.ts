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
import type { Services } from '../../../services.ts';

const tags = ['transactions'];

/** Transactions: list, open and hanging ones on a topic, abort. */
export const transactionRoutes: FastifyPluginAsyncZod<Services> = async (app, { transactions }) => {
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
    (req) =>
      transactions.list(
        req.params.cluster,
        req.query,
        req.url,
        req.permissions.allow('TRANSACTION', 'READ', req.params.cluster),
      ),
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
    (req) => {
      return transactions.open(
        req.params.cluster,
        req.query.topic,
        req.query.minDurationMs,
        req.permissions.allow('TRANSACTION', 'READ', req.params.cluster),
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
    (req) => transactions.abort(req.params.cluster, req.body),
  );
};
