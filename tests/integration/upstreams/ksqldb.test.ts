import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  KsqlDbQueryList,
  KsqlDbQueryResult,
  KsqlDbStatementResult,
  KsqlDbStreamList,
  KsqlDbTableList,
} from '../../../packages/contract/src/index.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { closedPort, send, withLocal } from '../../support/upstreams.ts';

let app: RunningApp;
const cleanup: string[] = [];
const api = <T>(path: string, method = 'GET', body?: unknown) =>
  send<T>(`${app.url}/api/local/ksqldb/local${path}`, method, body);
/** `execute` answers text/plain, as AKHQ: the started query's id or nothing; errors are JSON. */
async function execute(sql: string): Promise<{ status: number; type: string; text: string; body: unknown }> {
  const res = await fetch(`${app.url}/api/local/ksqldb/local/execute`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sql }),
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    type,
    text,
    body: type.startsWith('application/json') ? JSON.parse(text) : text,
  };
}
const query = (sql: string, properties?: Record<string, string>) =>
  api<KsqlDbQueryResult>('/queries/pull', 'PUT', { sql, ...(properties ? { properties } : {}) });

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  for (const statement of cleanup.reverse()) await execute(statement);
  await app.close();
});

/** ksqlDB upper-cases unquoted names; each test uses its own. */
const uniqueSource = () => `TEST_${randomUUID().slice(0, 8).toUpperCase()}`;

describe('ksqlDB routes on the stack ksqlDB', () => {
  it('answers the server info', async () => {
    expect(await api('/info')).toMatchObject({
      status: 200,
      body: { serverVersion: '0.29.0', ksqlServiceId: 'default_', kafkaClusterId: expect.any(String) },
    });
  });

  it('executes statements and lists streams, tables and queries with a case-sensitive search', async () => {
    const stream = uniqueSource();
    const created = await execute(
      `CREATE STREAM ${stream} (id STRING KEY, n INT) WITH (kafka_topic='${stream.toLowerCase()}', value_format='JSON', partitions=1)`,
    );
    cleanup.push(`DROP STREAM IF EXISTS ${stream};`);
    expect(created).toMatchObject({ status: 200, type: 'text/plain; charset=utf-8', text: '' });

    const streams = await api<KsqlDbStreamList>(`/streams?search=${stream}`);
    expect(streams.body).toMatchObject({
      page: 1,
      total: 1,
      results: [
        {
          name: stream,
          topic: stream.toLowerCase(),
          keyFormat: 'KAFKA',
          valueFormat: 'JSON',
          isWindowed: false,
        },
      ],
    });
    expect((await api<KsqlDbStreamList>(`/streams?search=${stream.toLowerCase()}`)).body.total).toBe(0);

    const table = `${stream}_T`;
    await execute(
      `CREATE TABLE ${table} (id STRING PRIMARY KEY, n INT) WITH (kafka_topic='${table.toLowerCase()}', value_format='JSON', partitions=1)`,
    );
    cleanup.push(`DROP TABLE IF EXISTS ${table};`);
    expect((await api<KsqlDbTableList>(`/tables?search=${table}`)).body.results).toEqual([
      { name: table, topic: table.toLowerCase(), keyFormat: 'KAFKA', valueFormat: 'JSON', isWindowed: false },
    ]);

    const copy = `${stream}_COPY`;
    const started = await execute(`CREATE STREAM ${copy} AS SELECT * FROM ${stream};`);
    expect(started).toMatchObject({ status: 200, type: 'text/plain; charset=utf-8' });
    // AKHQ's answer: the bare query id, not JSON-quoted.
    expect(started.text).toMatch(/^CSAS_[A-Z0-9_]+$/);
    const queryId: KsqlDbStatementResult = started.text;
    cleanup.push(`DROP STREAM IF EXISTS ${copy};`, `TERMINATE ${queryId};`);
    const queries = await api<KsqlDbQueryList>(`/queries?search=${queryId}`);
    expect(queries.body).toMatchObject({
      total: 1,
      results: [
        {
          id: queryId,
          queryType: 'PERSISTENT',
          sink: copy,
          sinkTopic: copy,
          sql: expect.stringContaining(copy),
        },
      ],
    });
  });

  it('runs pull and push queries with properties, each row a JSON array string', async () => {
    const stream = uniqueSource();
    await execute(
      `CREATE STREAM ${stream} (id STRING KEY, n INT) WITH (kafka_topic='${stream.toLowerCase()}', value_format='JSON', partitions=1)`,
    );
    cleanup.push(`DROP STREAM IF EXISTS ${stream};`);
    expect((await execute(`INSERT INTO ${stream} (id, n) VALUES ('u1', 3)`)).text).toBe('');
    await execute(`INSERT INTO ${stream} (id, n) VALUES ('u2', 5);`);

    expect((await query(`SELECT * FROM ${stream} WHERE n > 4;`)).body).toEqual({
      columnNames: ['ID', 'N'],
      columnValues: ['["u2",5]'],
    });
    // A push query sees earlier rows only from the earliest offset.
    const push = await query(`SELECT * FROM ${stream} EMIT CHANGES LIMIT 2`, {
      'auto.offset.reset': 'earliest',
    });
    expect(push.body).toEqual({ columnNames: ['ID', 'N'], columnValues: ['["u1",3]', '["u2",5]'] });
  });

  it('refuses bad statements with ksqlDB’s message and a SELECT sent as a statement', async () => {
    expect(await execute('DROP STREAM TEST_NO_SUCH_STREAM')).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: 'Source TEST_NO_SUCH_STREAM does not exist.' },
    });
    expect(await query('SELECT * FROM TEST_NO_SUCH_STREAM')).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('TEST_NO_SUCH_STREAM does not exist') },
    });
    expect(await execute('SELECT * FROM TEST_NO_SUCH_STREAM')).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'body.sql' }] },
    });
    expect((await api('/execute', 'PUT', { sql: '  ' })).status).toBe(400);
  });
});

describe('ksqlDB failures stay on the ksqlDB routes', () => {
  it('answers 502 naming the server when it is down, while other routes still work', async () => {
    const port = await closedPort();
    const down = await startApp(
      withLocal((local) => ({
        ksqldb: local.ksqldb.map((k) => ({ ...k, url: `http://127.0.0.1:${port}` })),
      })),
    );
    try {
      expect(await send(`${down.url}/api/local/ksqldb/local/streams`)).toMatchObject({
        status: 502,
        body: {
          code: 'UPSTREAM_UNAVAILABLE',
          message: "ksqlDB 'local' of cluster 'local' is unreachable: connection refused",
        },
      });
      expect(
        (await send(`${down.url}/api/local/ksqldb/local/queries/pull`, 'PUT', { sql: 'SELECT 1' })).status,
      ).toBe(502);
      expect((await send(`${down.url}/api/local/connect/local`)).status).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('answers 404 for a ksqlDB name the cluster does not configure', async () => {
    expect(await send(`${app.url}/api/local/ksqldb/other/info`)).toMatchObject({
      status: 404,
      body: { message: "Cluster 'local' has no ksqlDB named 'other'" },
    });
  });
});
