import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KsqlFake } from './server.ts';
import { startKsqlFake } from './server.ts';

let fake: KsqlFake;

beforeAll(async () => {
  fake = await startKsqlFake({ port: 0, kafkaClusterId: 'test-cluster' });
});

afterAll(async () => {
  await fake.close();
});

async function ksql(statements: string, streamsProperties: Record<string, unknown> = {}) {
  const response = await fetch(`${fake.url}/ksql`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.ksql.v1+json', accept: 'application/vnd.ksql.v1+json' },
    body: JSON.stringify({ ksql: statements, streamsProperties }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

function queryStream(sql: string, properties: Record<string, unknown> = {}) {
  return fetch(`${fake.url}/query-stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/vnd.ksqlapi.delimited.v1' },
    body: JSON.stringify({ sql, properties }),
  });
}

function lines(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as unknown);
}

const earliest = { 'auto.offset.reset': 'earliest' };

describe('ksqlDB fake', () => {
  it('answers /info with KsqlServerInfo', async () => {
    const response = await fetch(`${fake.url}/info`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      KsqlServerInfo: {
        version: expect.any(String),
        kafkaClusterId: 'test-cluster',
        ksqlServiceId: 'default_',
        serverStatus: 'RUNNING',
      },
    });
  });

  it('creates a stream and lists it in SHOW STREAMS', async () => {
    const created = await ksql(
      "CREATE STREAM orders (id STRING KEY, item VARCHAR, qty INT) WITH (kafka_topic='orders', value_format='JSON', partitions=1);",
    );
    expect(created.status).toBe(200);
    expect(created.body).toEqual([
      {
        '@type': 'currentStatus',
        statementText: expect.stringContaining('CREATE STREAM orders'),
        commandId: 'stream/`ORDERS`/create',
        commandStatus: { status: 'SUCCESS', message: 'Stream created', queryId: null },
        commandSequenceNumber: expect.any(Number),
        warnings: [],
      },
    ]);
    const listed = await ksql('LIST STREAMS;');
    expect(listed.body).toEqual([
      {
        '@type': 'streams',
        statementText: 'LIST STREAMS;',
        streams: [
          {
            type: 'STREAM',
            name: 'ORDERS',
            topic: 'orders',
            keyFormat: 'KAFKA',
            valueFormat: 'JSON',
            isWindowed: false,
          },
        ],
        warnings: [],
      },
    ]);
  });

  it('inserts rows and streams them from /query-stream as delimited JSON', async () => {
    const inserted = await ksql(
      "INSERT INTO orders (id, item, qty) VALUES ('o1', 'apple', 3); INSERT INTO orders (id, item, qty) VALUES ('o2', 'pear', 5);",
    );
    expect(inserted).toEqual({ status: 200, body: [] });
    const response = await queryStream('SELECT * FROM orders EMIT CHANGES LIMIT 2;', earliest);
    expect(response.headers.get('content-type')).toBe('application/vnd.ksqlapi.delimited.v1');
    const [header, ...rows] = lines(await response.text());
    expect(header).toEqual({
      queryId: expect.any(String),
      columnNames: ['ID', 'ITEM', 'QTY'],
      columnTypes: ['STRING', 'STRING', 'INTEGER'],
    });
    expect(rows).toEqual([
      ['o1', 'apple', 3],
      ['o2', 'pear', 5],
    ]);
  });

  it('pushes rows inserted after a push query started (auto.offset.reset latest)', async () => {
    const response = await queryStream('SELECT item FROM orders WHERE qty > 1 EMIT CHANGES LIMIT 1;');
    await ksql(
      "INSERT INTO orders (id, item, qty) VALUES ('o3', 'plum', 0); INSERT INTO orders (id, item, qty) VALUES ('o4', 'fig', 7);",
    );
    const [, ...rows] = lines(await response.text());
    expect(rows).toEqual([['fig']]);
  });

  it('answers the legacy /query endpoint with header, rows and a final message', async () => {
    const response = await fetch(`${fake.url}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.ksql.v1+json', accept: 'application/vnd.ksql.v1+json' },
      body: JSON.stringify({
        ksql: 'SELECT id, qty FROM orders EMIT CHANGES LIMIT 1;',
        streamsProperties: earliest,
      }),
    });
    expect(await response.json()).toEqual([
      { header: { queryId: expect.any(String), schema: '`ID` STRING, `QTY` INTEGER' } },
      { row: { columns: ['o1', 3] } },
      { finalMessage: 'Limit Reached' },
    ]);
  });

  it('keeps the latest row per key for pull queries on a table', async () => {
    await ksql(
      "CREATE TABLE stock (sku STRING PRIMARY KEY, level BIGINT) WITH (kafka_topic='stock', format='JSON', partitions=1);" +
        "INSERT INTO stock (sku, level) VALUES ('a', 1); INSERT INTO stock (sku, level) VALUES ('a', 2);",
    );
    const tables = await ksql('SHOW TABLES;');
    expect(tables.body).toEqual([
      {
        '@type': 'tables',
        statementText: 'SHOW TABLES;',
        tables: [
          {
            type: 'TABLE',
            name: 'STOCK',
            topic: 'stock',
            keyFormat: 'JSON',
            valueFormat: 'JSON',
            isWindowed: false,
          },
        ],
        warnings: [],
      },
    ]);
    const [, ...rows] = lines(await (await queryStream('SELECT * FROM stock;')).text());
    expect(rows).toEqual([['a', 2]]);
  });

  it('runs a persistent query, lists it in SHOW QUERIES, terminates it and drops its sink', async () => {
    const created = await ksql(
      'CREATE STREAM big_orders AS SELECT id, qty FROM orders WHERE qty > 4 EMIT CHANGES;',
    );
    expect(created.status).toBe(200);
    const queries = await ksql('SHOW QUERIES;');
    expect(queries.body).toEqual([
      {
        '@type': 'queries',
        statementText: 'SHOW QUERIES;',
        queries: [
          expect.objectContaining({
            queryString: expect.stringContaining('CREATE STREAM big_orders'),
            sinks: ['BIG_ORDERS'],
            sinkKafkaTopics: ['BIG_ORDERS'],
            id: 'CSAS_BIG_ORDERS_1',
            queryType: 'PERSISTENT',
            state: 'RUNNING',
          }),
        ],
        warnings: [],
      },
    ]);
    const extended = await ksql('SHOW QUERIES EXTENDED;');
    expect(extended.body).toEqual([
      {
        '@type': 'query_descriptions',
        statementText: 'SHOW QUERIES EXTENDED;',
        queryDescriptions: [
          expect.objectContaining({
            id: 'CSAS_BIG_ORDERS_1',
            sources: ['ORDERS'],
            sinks: ['BIG_ORDERS'],
            queryType: 'PERSISTENT',
            state: 'RUNNING',
          }),
        ],
        warnings: [],
      },
    ]);
    const blocked = await ksql('DROP STREAM big_orders;');
    expect(blocked.status).toBe(400);
    const dropped = await ksql('TERMINATE CSAS_BIG_ORDERS_1; DROP STREAM big_orders;');
    expect(dropped.status).toBe(200);
    expect(dropped.body).toEqual([
      expect.objectContaining({ commandStatus: expect.objectContaining({ message: 'Query terminated.' }) }),
      expect.objectContaining({
        commandId: 'stream/BIG_ORDERS/drop',
        commandStatus: expect.objectContaining({
          status: 'SUCCESS',
          message: 'Source `BIG_ORDERS` (topic: BIG_ORDERS) was dropped.',
        }),
      }),
    ]);
  });

  it('answers unknown sources with a 400 statement_error like ksqlDB', async () => {
    const dropped = await ksql('DROP STREAM missing;');
    expect(dropped).toEqual({
      status: 400,
      body: {
        '@type': 'statement_error',
        error_code: 40001,
        message: 'Source MISSING does not exist.',
        stackTrace: [],
        statementText: 'DROP STREAM missing;',
        entities: [],
      },
    });
    const response = await queryStream('SELECT * FROM missing EMIT CHANGES;');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      '@type': 'statement_error',
      error_code: 40001,
      message: expect.stringContaining('MISSING does not exist.'),
    });
  });

  it('refuses SELECT on /ksql and points to the query endpoints', async () => {
    const result = await ksql('SELECT * FROM orders;');
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ '@type': 'statement_error', error_code: 40002 });
  });
});
