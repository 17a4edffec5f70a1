import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type SseEvent, SseStreams } from './sse.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app with one stream route fed by `produce`; answers its URL and the adapter. */
async function serve(produce: (signal: AbortSignal) => AsyncIterable<SseEvent>, keepAliveMs?: number) {
  // The aborting client keeps its socket a few seconds; closing must not wait for it.
  app = Fastify({ forceCloseConnections: true });
  const streams = new SseStreams(app);
  app.get('/stream', (req, reply) =>
    streams.send(req, reply, produce, {
      onError: (error) => ({ event: 'failed', data: { message: (error as Error).message } }),
      ...(keepAliveMs ? { keepAliveMs } : {}),
    }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/stream`, streams };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SseStreams', () => {
  it('writes event/data frames and ends with the stream', async () => {
    const { url } = await serve(async function* () {
      yield { event: 'searchBody', data: { percent: 50 } };
      yield { event: 'searchEnd', data: { percent: 100 } };
    });
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(await res.text()).toBe(
      'event: searchBody\ndata: {"percent":50}\n\nevent: searchEnd\ndata: {"percent":100}\n\n',
    );
  });

  it('sends keep-alive comments while the producer is quiet', async () => {
    const { url } = await serve(async function* () {
      await sleep(120);
      yield { event: 'done', data: {} };
    }, 20);
    const text = await (await fetch(url)).text();
    expect(text).toMatch(/^(: keep-alive\n\n)+event: done\ndata: \{\}\n\n$/);
  });

  it('ends a failing stream with the terminal error event', async () => {
    const { url } = await serve(async function* () {
      yield { event: 'searchBody', data: { percent: 1 } };
      throw new Error('broker gone');
    });
    expect(await (await fetch(url)).text()).toBe(
      'event: searchBody\ndata: {"percent":1}\n\nevent: failed\ndata: {"message":"broker gone"}\n\n',
    );
  });

  it('aborts the producer and returns the iterator when the client goes away', async () => {
    let aborted = false;
    let returned = false;
    const { url, streams } = await serve(async function* (signal) {
      signal.addEventListener('abort', () => {
        aborted = true;
      });
      try {
        for (let i = 0; ; i++) {
          yield { event: 'tick', data: { i } };
          await sleep(10);
        }
      } finally {
        returned = true;
      }
    });
    const controller = new AbortController();
    const res = await fetch(url, { signal: controller.signal });
    const reader = res.body?.getReader();
    await reader?.read();
    controller.abort();
    for (let i = 0; i < 100 && !(aborted && returned && streams.size === 0); i++) await sleep(10);
    expect({ aborted, returned, open: streams.size }).toEqual({ aborted: true, returned: true, open: 0 });
  });

  it('ends open streams with a terminal event when the server shuts down', async () => {
    const { url } = await serve(async function* (signal) {
      yield { event: 'tick', data: {} };
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
    });
    const res = await fetch(url);
    const text = res.text();
    await sleep(50);
    await app?.close();
    app = undefined;
    expect(await text).toBe(
      'event: tick\ndata: {}\n\nevent: error\ndata: {"message":"The server is shutting down","code":"CLUSTER_UNAVAILABLE"}\n\n',
    );
  });
});
