import { once } from 'node:events';
import { STREAM_SHUTDOWN_EVENT, type StreamShutdown } from '@console/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors.ts';
import { RawJson } from '../platform/raw-json.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/**
 * One server-sent event: `event: <name>` and its JSON `data` (or JSON text made already: `RawJson`). The
 * streams' own events are typed where they are made (the contract's records/streams.ts).
 */
export type SseEvent = { event: string; data: unknown };

export type SseOptions<E extends SseEvent> = {
  /** The terminal event written when the stream fails; its message must be safe to show. */
  onError: (error: unknown) => NoInfer<E>;
  /** A comment line goes out after this much silence, so proxies keep the connection. */
  keepAliveMs?: number;
};

const STOPPED = Symbol('stopped');

/**
 * Adapts async iterables of events to `text/event-stream` responses (docs/api-conventions.md#streams):
 * `event:`/`data:` frames, keep-alive comments, a terminal event when the stream fails. The producer gets an
 * AbortSignal that fires when the client goes away or the server shuts down; the iterator is then returned at
 * once.
 */
export class SseStreams {
  readonly #active = new Map<AbortController, (event: SseEvent) => void>();

  constructor(app: FastifyInstance) {
    app.addHook('preClose', async () => {
      for (const [controller, last] of this.#active) {
        const data: StreamShutdown = { message: 'The server is shutting down', code: 'CLUSTER_UNAVAILABLE' };
        last({ event: STREAM_SHUTDOWN_EVENT, data });
        controller.abort();
      }
    });
  }

  get size(): number {
    return this.#active.size;
  }

  async send<E extends SseEvent>(
    request: FastifyRequest,
    reply: FastifyReply,
    produce: (signal: AbortSignal) => AsyncIterable<E>,
    options: SseOptions<E>,
  ): Promise<void> {
    const controller = new AbortController();
    const { signal } = controller;
    const raw = reply.raw;
    const frame = (e: SseEvent) =>
      `event: ${e.event}\ndata: ${e.data instanceof RawJson ? e.data.text : JSON.stringify(e.data)}\n\n`;
    const writeNow = (text: string) => {
      if (!raw.destroyed && !raw.writableEnded) raw.write(text);
    };
    const onClose = () => controller.abort();
    raw.on('close', onClose);
    this.#active.set(controller, (e) => writeNow(frame(e)));
    reply.hijack();
    const set = Object.entries(reply.getHeaders()).filter(
      (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
    );
    raw.writeHead(200, {
      ...Object.fromEntries(set),
      // A hijacked reply skips the onSend hooks: the security headers go out here.
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    raw.flushHeaders();
    // A stream lasts no longer than the session that opened it (logout or the token's expiry).
    const unwatch = request.onSessionEnd?.(() => {
      writeNow(frame(options.onError(new AppError('UNAUTHORIZED', 'Your session has ended; log in again'))));
      controller.abort();
    });
    let lastWrite = Date.now();
    const keepAliveMs = options.keepAliveMs ?? 15_000;
    const timer = setInterval(
      () => {
        if (Date.now() - lastWrite >= keepAliveMs) {
          writeNow(': keep-alive\n\n');
          lastWrite = Date.now();
        }
      },
      Math.max(10, Math.floor(keepAliveMs / 2)),
    );
    const iterator = produce(signal)[Symbol.asyncIterator]();
    try {
      for (;;) {
        const next = iterator.next();
        // A step still running when the stream stops may fail later; nobody waits for it then.
        next.catch(() => undefined);
        const step = await untilStopped(next, signal);
        if (step === STOPPED || step.done) break;
        if (raw.write(frame(step.value)) === false) await once(raw, 'drain', { signal });
        lastWrite = Date.now();
      }
    } catch (error) {
      if (!signal.aborted) {
        request.log.warn({ err: error }, 'event stream failed');
        writeNow(frame(options.onError(error)));
      }
    } finally {
      clearInterval(timer);
      unwatch?.();
      this.#active.delete(controller);
      raw.off('close', onClose);
      controller.abort();
      void iterator.return?.()?.catch(() => undefined);
      if (!raw.writableEnded) raw.end();
    }
  }
}

/**
 * `step`, or STOPPED as soon as `signal` aborts. Not `Promise.race` with one long-lived "stopped"
 * promise: every race would leave a reaction on it holding its step's event until the stream ends, so a
 * live tail would keep every event it ever sent.
 */
function untilStopped<T>(step: Promise<T>, signal: AbortSignal): Promise<T | typeof STOPPED> {
  if (signal.aborted) return Promise.resolve(STOPPED);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(STOPPED);
    signal.addEventListener('abort', onAbort, { once: true });
    step.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
