import { AppError } from '../../platform/errors.ts';
import type { Upstream, UpstreamHttp } from '../upstream-http.ts';
import { translateKsqlError } from './errors.ts';
import { type QueryHeader, readDelimited } from './query-stream.ts';

export type KsqlServerInfo = { version: string; kafkaClusterId: string; ksqlServiceId: string };

type SourceEntity = {
  name: string;
  topic: string;
  keyFormat: string;
  valueFormat: string;
  isWindowed: boolean;
};
export type QueryEntity = {
  id: string;
  queryType: string;
  queryString: string;
  sinks?: string[];
  sinkKafkaTopics?: string[];
};

/** One entry of `SHOW QUERIES EXTENDED` (ksqlDB's QueryDescription); `id` is a string since ksqlDB 0.10. */
export type QueryDescription = {
  id: string | { id: string };
  queryType?: string;
  sources?: string[];
  sinks?: string[];
};

/** The entities `POST /ksql` answers, one per statement; only the fields read here. */
export type KsqlEntity = {
  '@type'?: string;
  streams?: SourceEntity[];
  tables?: SourceEntity[];
  queries?: QueryEntity[];
  /** `SHOW QUERIES EXTENDED`: each persistent query's source and sink streams or tables, by name. */
  queryDescriptions?: QueryDescription[];
  commandStatus?: { status: string; message?: string; queryId?: string | null };
};

export type QueryRows = QueryHeader & { rows: unknown[][]; truncated: boolean };

const KSQL_JSON = 'application/vnd.ksql.v1+json';
const DELIMITED = 'application/vnd.ksqlapi.delimited.v1';

/** Most rows one query answers; the UI shows them in one table. */
export const MAX_QUERY_ROWS = 1_000;

/** Statements end with `;` for ksqlDB; the UI's editor may leave it out. */
const terminated = (sql: string) => (sql.trimEnd().endsWith(';') ? sql.trim() : `${sql.trim()};`);

/** ksqlDB's documented REST API: `/info`, `/ksql` for statements, `/query-stream` for queries. */
export class KsqlDbClient {
  readonly #http: UpstreamHttp;
  readonly upstream: Upstream;

  constructor(http: UpstreamHttp, upstream: Upstream) {
    this.#http = http;
    this.upstream = upstream;
  }

  async info(): Promise<KsqlServerInfo> {
    return (await this.#json<{ KsqlServerInfo: KsqlServerInfo }>('/info')).KsqlServerInfo;
  }

  ksql = (sql: string, properties: Record<string, string> = {}) =>
    this.#json<KsqlEntity[]>('/ksql', {
      method: 'POST',
      body: { ksql: terminated(sql), streamsProperties: properties },
    });

  /**
   * Runs a query and collects its rows: a pull query until it ends, a push query until its LIMIT, the
   * row cap or `timeoutMs` after the first answer, whichever comes first (then it is closed).
   */
  async query(sql: string, properties: Record<string, string> = {}): Promise<QueryRows> {
    const stop = new AbortController();
    const response = await this.#http.open(this.upstream, '/query-stream', {
      method: 'POST',
      body: { sql: terminated(sql), properties },
      accept: DELIMITED,
      signal: stop.signal,
    });
    if (response.statusCode >= 400) {
      const text = await response.body.text();
      throw translateKsqlError(this.upstream, { status: response.statusCode, body: parse(text) });
    }
    const budget = setTimeout(() => stop.abort(), this.upstream.timeoutMs);
    try {
      const read = await readDelimited(response.body, MAX_QUERY_ROWS, stop.signal);
      if (read.error) {
        const status = Math.floor((read.error.error_code ?? 50000) / 100);
        throw translateKsqlError(this.upstream, { status, body: read.error });
      }
      if (!read.header) {
        throw new AppError(
          'UPSTREAM_UNAVAILABLE',
          `${this.upstream.label} ended the query without its header`,
        );
      }
      if (!read.ended) {
        stop.abort();
        this.#close(read.header.queryId);
      }
      return { ...read.header, rows: read.rows, truncated: !read.ended };
    } finally {
      clearTimeout(budget);
    }
  }

  /** Best effort: ending the HTTP exchange already ends the query on ksqlDB's side. */
  #close(queryId: string | undefined) {
    if (!queryId) return;
    this.#http
      .call(this.upstream, '/close-query', { method: 'POST', body: { queryId } })
      .catch(() => undefined);
  }

  async #json<T>(path: string, options: { method?: 'POST'; body?: unknown } = {}): Promise<T> {
    const answer = await this.#http.call(this.upstream, path, {
      ...options,
      accept: `${KSQL_JSON}, application/json`,
      contentType: KSQL_JSON,
    });
    if (answer.status >= 400) throw translateKsqlError(this.upstream, answer);
    return answer.body as T;
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
