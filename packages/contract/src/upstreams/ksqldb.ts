import { z } from 'zod';
import { ClusterParams } from '../cluster.ts';
import { pagedList } from '../common/lists.ts';
import { onFirstUse } from '../common/on-first-use.ts';
import { lenientInt } from '../common/query.ts';

export const KsqlDbServerInfo = onFirstUse(() =>
  z
    .object({ serverVersion: z.string(), kafkaClusterId: z.string(), ksqlServiceId: z.string() })
    .meta({ id: 'KsqlDbServerInfo' }),
);
export type KsqlDbServerInfo = z.infer<typeof KsqlDbServerInfo>;

const source = {
  name: z.string(),
  topic: z.string(),
  keyFormat: z.string(),
  valueFormat: z.string(),
  isWindowed: z.boolean(),
};
export const KsqlDbStream = onFirstUse(() => z.object(source).meta({ id: 'KsqlDbStream' }));
export type KsqlDbStream = z.infer<typeof KsqlDbStream>;
export const KsqlDbTable = onFirstUse(() => z.object(source).meta({ id: 'KsqlDbTable' }));
export type KsqlDbTable = z.infer<typeof KsqlDbTable>;

export const KsqlDbQuery = onFirstUse(() =>
  z
    .object({
      queryType: z.string().meta({ description: 'PERSISTENT, PUSH…' }),
      id: z.string(),
      sql: z.string(),
      sink: z.string().optional().meta({ description: 'Sink names, comma-separated' }),
      sinkTopic: z.string().optional().meta({ description: 'Sink Kafka topics, comma-separated' }),
    })
    .meta({ id: 'KsqlDbQuery' }),
);
export type KsqlDbQuery = z.infer<typeof KsqlDbQuery>;

export const KsqlDbStreamList = onFirstUse(() => pagedList(KsqlDbStream).meta({ id: 'KsqlDbStreamList' }));
export const KsqlDbTableList = onFirstUse(() => pagedList(KsqlDbTable).meta({ id: 'KsqlDbTableList' }));
export const KsqlDbQueryList = onFirstUse(() => pagedList(KsqlDbQuery).meta({ id: 'KsqlDbQueryList' }));
export type KsqlDbStreamList = z.infer<typeof KsqlDbStreamList>;
export type KsqlDbTableList = z.infer<typeof KsqlDbTableList>;
export type KsqlDbQueryList = z.infer<typeof KsqlDbQueryList>;

/**
 * ksqlDB lists search with a plain, case-sensitive substring (docs/api-conventions.md#name-search), unlike
 * the other lists.
 */
export const KsqlDbListQuery = onFirstUse(() =>
  z.object({
    search: z
      .string()
      .optional()
      .meta({ description: 'Case-sensitive substring of the name (of the id for queries)' }),
    page: lenientInt.meta({ description: '1-based page number' }),
  }),
);
export type KsqlDbListQuery = z.infer<typeof KsqlDbListQuery>;

const properties = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String))
  .optional()
  .meta({ description: 'Streams properties, e.g. {"auto.offset.reset":"earliest"}' });

/** `PUT …/queries/pull`: a pull query, or a push query collected until its LIMIT or the time budget. */
export const KsqlDbQueryRequest = onFirstUse(() =>
  z.object({ sql: z.string().trim().min(1), properties }).meta({ id: 'KsqlDbQueryRequest' }),
);
export type KsqlDbQueryRequest = z.infer<typeof KsqlDbQueryRequest>;

export const KsqlDbQueryResult = onFirstUse(() =>
  z
    .object({
      columnNames: z.array(z.string()).optional(),
      columnValues: z
        .array(z.string())
        .optional()
        .meta({ description: 'One row per item, each a JSON array string such as `["u1",3]`' }),
      truncated: z.boolean().optional().meta({
        description: 'Collection stopped at the row cap or the time budget (a push query without LIMIT)',
      }),
    })
    .meta({ id: 'KsqlDbQueryResult' }),
);
export type KsqlDbQueryResult = z.infer<typeof KsqlDbQueryResult>;

export const KsqlDbStatementRequest = onFirstUse(() =>
  z.object({ sql: z.string().trim().min(1), properties }).meta({ id: 'KsqlDbStatementRequest' }),
);
export type KsqlDbStatementRequest = z.infer<typeof KsqlDbStatementRequest>;

/**
 * `PUT …/execute` answers `text/plain`, as AKHQ: the id of the persistent query the statement started
 * (`CREATE … AS SELECT`), or an empty body.
 */
export const KsqlDbStatementResult = z
  .string()
  .meta({ description: 'The query id the statement started, or empty' });
export type KsqlDbStatementResult = z.infer<typeof KsqlDbStatementResult>;

export const KsqlDbParams = ClusterParams.extend({ ksqlDbId: z.string().min(1) });
