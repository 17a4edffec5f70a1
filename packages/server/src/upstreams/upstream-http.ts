import type { Agent, Dispatcher } from 'undici';
import { TokenSource } from '../platform/credentials/oauth-token.ts';
import { tlsReason } from '../platform/credentials/tls-failures.ts';
import { tlsSettings } from '../platform/credentials/tls-stores.ts';
import { AppError } from '../platform/errors.ts';

/** One configured HTTP upstream (Schema Registry, a Connect worker, a ksqlDB server). */
export type Upstream = {
  /** How errors name it: "Schema Registry of cluster 'local'". */
  label: string;
  url: string;
  basicAuthUsername?: string | undefined;
  basicAuthPassword?: string | undefined;
  bearerToken?: string | undefined;
  /** Bearer tokens by the client-credentials grant, fetched and renewed as the Kafka OAUTHBEARER ones. */
  oauth?:
    | { tokenUrl: string; clientId: string; clientSecret: string; scope?: string | undefined }
    | undefined;
  /** The `ssl.*` settings a cluster takes (tls-stores.ts): a private CA, a client certificate. */
  tls?: Readonly<Record<string, string>> | undefined;
  timeoutMs: number;
};

export type UpstreamCall = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialized as JSON. */
  body?: unknown;
  contentType?: string;
  accept?: string;
  signal?: AbortSignal | undefined;
};

/** An upstream's answer, whatever its status; the body parsed as JSON when it is JSON, else text. */
export type UpstreamAnswer = { status: number; body: unknown };

/** What an upstream's error table reads from any error answer. */
export type UpstreamErrorBody = { status: number; code: number | undefined; message: string };

const TRANSPORT_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CONNECT_TIMEOUT: 'connect timed out',
  UND_ERR_CLOSED: 'client closed',
};
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * The transport rows every upstream's error table shares: a timeout is 504 and anything else that kept an
 * answer from arriving is 502, both naming the upstream, so only that upstream's routes fail.
 */
export function transportFailure(upstream: Upstream, error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (name === 'TimeoutError' || (code && TIMEOUT_CODES.has(code))) {
    return new AppError(
      'UPSTREAM_TIMEOUT',
      `${upstream.label} did not answer within ${upstream.timeoutMs} ms`,
      {
        cause: error,
      },
    );
  }
  const reason = tlsReason(error, 'the server') ?? (code && TRANSPORT_REASONS[code]) ?? 'no answer';
  return new AppError('UPSTREAM_UNAVAILABLE', `${upstream.label} is unreachable: ${reason}`, {
    cause: error,
  });
}

/** Java services prefix messages with the exception class; callers want only the sentence. */
export function upstreamMessage(body: unknown, fallback: string): string {
  const raw =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : typeof body === 'string' && body.trim()
        ? body
        : fallback;
  const text = raw.replace(/^(?:[\w$]+\.)+[\w$]*(?:Exception|Error):\s*/, '').trim();
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

export function errorBody(answer: UpstreamAnswer): UpstreamErrorBody {
  const code = (answer.body as { error_code?: unknown } | null)?.error_code;
  return {
    status: answer.status,
    code: typeof code === 'number' ? code : undefined,
    message: upstreamMessage(answer.body, `HTTP ${answer.status}`),
  };
}

/**
 * The HTTP client of the registry, Connect and ksqlDB (undici, timeouts and auth from the config:
 * docs/style.md#upstream-http-clients). One keep-alive agent per route plugin; each call is bounded by its
 * upstream's `timeoutMs`.
 */
export class UpstreamHttp {
  /**
   * undici (1.2 MB of the bundle's 4.7) loads on the first call: a console whose upstreams nobody opens
   * never compiles it, and every start is shorter and lighter (tests/bench/results/cold-start.md).
   */
  #client: Promise<{ agent: Agent; undici: typeof import('undici') }> | undefined;
  /** An agent per upstream `tls` (the config's object, so each is built once), each with its own TLS context. */
  readonly #tlsAgents = new Map<object, Agent>();
  readonly #tokens = new WeakMap<object, TokenSource>();
  #closed = false;

  #undici() {
    this.#client ??= import('undici').then((undici) => ({
      agent: new undici.Agent({ connect: { timeout: 5_000 }, keepAliveTimeout: 10_000 }),
      undici,
    }));
    return this.#client;
  }

  async #agent(upstream: Upstream): Promise<{ agent: Agent; request: typeof import('undici').request }> {
    const { agent, undici } = await this.#undici();
    if (!upstream.tls) return { agent, request: undici.request };
    let own = this.#tlsAgents.get(upstream.tls);
    if (!own) {
      // Over TLS 1.3 a server that refuses the client certificate sends its alert after the handshake;
      // undici would then report only "other side closed". The socket's own TLS error ends it instead,
      // so the answer says the certificate was refused (tls-failures.ts).
      const connector = undici.buildConnector({ timeout: 5_000, ...tlsSettings(upstream.tls) });
      own = new undici.Agent({
        connect: (options, callback) =>
          connector(options, (error, socket) => {
            socket?.on('error', (e: Error & { code?: unknown }) => {
              if (String(e.code).startsWith('ERR_SSL_')) socket.destroy(e);
            });
            if (error) callback(error, null);
            else callback(null, socket as NonNullable<typeof socket>);
          }),
        keepAliveTimeout: 10_000,
      });
      this.#tlsAgents.set(upstream.tls, own);
    }
    return { agent: own, request: undici.request };
  }

  async #authorization(upstream: Upstream): Promise<string | undefined> {
    if (upstream.basicAuthUsername !== undefined) {
      const credentials = `${upstream.basicAuthUsername}:${upstream.basicAuthPassword ?? ''}`;
      return `Basic ${Buffer.from(credentials).toString('base64')}`;
    }
    if (upstream.bearerToken) return `Bearer ${upstream.bearerToken}`;
    if (!upstream.oauth) return undefined;
    let source = this.#tokens.get(upstream.oauth);
    if (!source) {
      source = new TokenSource({ ...upstream.oauth, timeoutMs: upstream.timeoutMs });
      this.#tokens.set(upstream.oauth, source);
    }
    try {
      return `Bearer ${await source.token()}`;
    } catch (error) {
      throw new AppError('UPSTREAM_UNAVAILABLE', `${upstream.label}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  /** A JSON call; the whole answer (headers and body) arrives within `timeoutMs` or it is a 504. */
  async call(upstream: Upstream, path: string, options: UpstreamCall = {}): Promise<UpstreamAnswer> {
    const timeout = AbortSignal.timeout(upstream.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      const response = await this.#send(upstream, path, options, signal);
      const text = await response.body.text();
      return { status: response.statusCode, body: parseBody(text) };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw transportFailure(upstream, error);
    }
  }

  /**
   * A streamed call (ksqlDB's query-stream): only the headers are bounded by `timeoutMs`; the caller
   * reads the body and ends it through `signal`.
   */
  async open(
    upstream: Upstream,
    path: string,
    options: UpstreamCall & { signal: AbortSignal },
  ): Promise<Dispatcher.ResponseData> {
    try {
      return await this.#send(upstream, path, options, options.signal, upstream.timeoutMs);
    } catch (error) {
      if (options.signal.aborted) throw error;
      throw transportFailure(upstream, error);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#client) await (await this.#client).agent.close();
    await Promise.all([...this.#tlsAgents.values()].map((agent) => agent.close()));
  }

  async #send(
    upstream: Upstream,
    path: string,
    options: UpstreamCall,
    signal: AbortSignal,
    headersTimeout?: number,
  ): Promise<Dispatcher.ResponseData> {
    const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
    if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    const authorization = await this.#authorization(upstream);
    if (authorization) headers.authorization = authorization;
    if (this.#closed) throw new Error('the HTTP client is closed');
    const { agent, request } = await this.#agent(upstream);
    return request(`${upstream.url.replace(/\/+$/, '')}${path}`, {
      dispatcher: agent,
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal,
      ...(headersTimeout ? { headersTimeout, bodyTimeout: 0 } : {}),
    });
  }
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
