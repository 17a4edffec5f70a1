// HTTP front of the ksqlDB fake (node:http, HTTP/1.1): /info, /healthcheck, /ksql, /query-stream,
// /query and /close-query with ksqlDB's documented request and response shapes.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Properties } from './engine.ts';
import { createEngine, statementError } from './engine.ts';
import type { SelectPlan } from './query.ts';
import { isSelect, toColumns } from './query.ts';
import { KsqlError, splitStatements } from './sql.ts';

export interface KsqlFake {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface KsqlFakeOptions {
  port?: number;
  host?: string;
  kafkaClusterId?: string;
}

const DELIMITED = 'application/vnd.ksqlapi.delimited.v1';
const KSQL_JSON = 'application/vnd.ksql.v1+json';

// How a running query's messages are written: the framing differs between /query and /query-stream.
interface QueryWriter {
  header(queryId: string, plan: SelectPlan): void;
  row(columns: unknown[]): void;
  end(limitReached: boolean): void;
}

class BadRequest extends Error {}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (typeof body === 'object' && body !== null && !Array.isArray(body))
      return body as Record<string, unknown>;
  } catch {
    // Reported below with ksqlDB's generic error shape.
  }
  throw new BadRequest('Invalid JSON in request body');
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json',
): void {
  response.writeHead(status, { 'content-type': contentType });
  response.end(JSON.stringify(body));
}

function genericError(response: ServerResponse, status: number, errorCode: number, message: string): void {
  sendJson(response, status, { '@type': 'generic_error', error_code: errorCode, message });
}

function properties(value: unknown): Properties {
  return typeof value === 'object' && value !== null ? (value as Properties) : {};
}

function delimitedWriter(response: ServerResponse, json: boolean): QueryWriter {
  let first = true;
  const write = (message: unknown) => {
    if (json) response.write(`${first ? '[' : ','}${JSON.stringify(message)}`);
    else response.write(`${JSON.stringify(message)}\n`);
    first = false;
  };
  return {
    header(queryId, plan) {
      response.writeHead(200, { 'content-type': json ? 'application/json' : DELIMITED });
      write({
        queryId,
        columnNames: plan.outputs.map((output) => output.column.name),
        columnTypes: plan.outputs.map((output) => output.column.type),
      });
    },
    row: (columns) => write(columns),
    end: () => response.end(json ? ']' : ''),
  };
}

function legacyWriter(response: ServerResponse, contentType: string): QueryWriter {
  return {
    header(queryId, plan) {
      response.writeHead(200, { 'content-type': contentType });
      const schema = plan.outputs
        .map((output) => `\`${output.column.name}\` ${output.column.type}`)
        .join(', ');
      response.write(`[${JSON.stringify({ header: { queryId, schema } })}`);
    },
    row: (columns) => response.write(`,\n${JSON.stringify({ row: { columns } })}`),
    end(limitReached) {
      response.end(limitReached ? `,\n${JSON.stringify({ finalMessage: 'Limit Reached' })}]` : ']');
    },
  };
}

export async function startKsqlFake(options: KsqlFakeOptions = {}): Promise<KsqlFake> {
  const engine = createEngine(options.kafkaClusterId ?? randomBytes(16).toString('base64url'));
  const running = new Map<string, () => void>();

  // Pull queries answer the current rows and end; push queries (EMIT CHANGES) then follow new rows
  // until LIMIT is reached or the client goes away, as ksqlDB's do.
  const runQuery = (sql: string, props: Properties, writer: QueryWriter, response: ServerResponse): void => {
    const statements = splitStatements(sql);
    const statement = statements[0] ?? '';
    if (statements.length !== 1 || !isSelect(statement)) {
      throw new KsqlError(`Expected a single SELECT statement; got: ${sql}`);
    }
    const plan = engine.plan(statement);
    const queryId = `transient_${plan.sourceName}_${randomBytes(8).readBigUInt64BE()}`;
    let sent = 0;
    let done = false;
    let unsubscribe = () => {};
    const finish = (limitReached: boolean) => {
      if (done) return;
      done = true;
      unsubscribe();
      running.delete(queryId);
      writer.end(limitReached);
    };
    const deliver = (row: Record<string, unknown>) => {
      if (done) return;
      writer.row(toColumns(plan, row));
      sent++;
      if (plan.limit !== undefined && sent >= plan.limit) finish(plan.emitChanges);
    };
    writer.header(queryId, plan);
    if (plan.limit === 0 || !plan.emitChanges) {
      for (const row of plan.limit === 0 ? [] : engine.snapshot(plan, false)) deliver(row);
      finish(plan.emitChanges);
      return;
    }
    if (engine.offsetReset(props) === 'earliest') {
      for (const row of engine.snapshot(plan, true)) deliver(row);
    }
    if (done) return;
    unsubscribe = engine.subscribe(plan, deliver);
    running.set(queryId, () => finish(false));
    response.on('close', () => finish(false));
  };

  const query = (sql: string, props: Properties, writer: QueryWriter, response: ServerResponse): void => {
    try {
      runQuery(sql, props, writer, response);
    } catch (error) {
      if (!(error instanceof KsqlError)) throw error;
      sendJson(response, 400, statementError(error, sql));
    }
  };

  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const accept = request.headers.accept ?? '';
    if (request.method === 'GET' && path === '/info') return sendJson(response, 200, engine.info());
    if (request.method === 'GET' && path === '/healthcheck') {
      return sendJson(response, 200, {
        isHealthy: true,
        details: { metastore: { isHealthy: true }, kafka: { isHealthy: true } },
      });
    }
    if (request.method !== 'POST') return genericError(response, 404, 40400, `Not found: ${path}`);
    const body = await readJson(request);
    if (path === '/ksql') {
      if (typeof body.ksql !== 'string') throw new BadRequest('Missing "ksql" field in request body');
      const result = engine.execute(splitStatements(body.ksql), properties(body.streamsProperties));
      return sendJson(
        response,
        result.status,
        result.body,
        accept.includes(KSQL_JSON) ? KSQL_JSON : undefined,
      );
    }
    if (path === '/query-stream') {
      if (typeof body.sql !== 'string') throw new BadRequest('Missing "sql" field in request body');
      const json = accept.includes('application/json') && !accept.includes(DELIMITED);
      return query(body.sql, properties(body.properties), delimitedWriter(response, json), response);
    }
    if (path === '/query') {
      if (typeof body.ksql !== 'string') throw new BadRequest('Missing "ksql" field in request body');
      const writer = legacyWriter(response, accept.includes(KSQL_JSON) ? KSQL_JSON : 'application/json');
      return query(body.ksql, properties(body.streamsProperties), writer, response);
    }
    if (path === '/close-query') {
      const cancel = typeof body.queryId === 'string' ? running.get(body.queryId) : undefined;
      if (!cancel) return genericError(response, 400, 40001, `No query with id ${String(body.queryId)}`);
      cancel();
      response.writeHead(200).end();
      return;
    }
    genericError(response, 404, 40400, `Not found: ${path}`);
  };

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      if (error instanceof BadRequest) return genericError(response, 400, 40000, error.message);
      genericError(response, 500, 50000, error instanceof Error ? error.message : String(error));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    close: async () => {
      for (const cancel of [...running.values()]) cancel();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
