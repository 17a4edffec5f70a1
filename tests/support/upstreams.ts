import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../packages/server/src/platform/config/schema.ts';
import { request } from './app.ts';

export type Answer<T = unknown> = { status: number; body: T };

/** A JSON call to the running app; the body is parsed when there is one. */
export function send<T = unknown>(url: string, method = 'GET', body?: unknown): Promise<Answer<T>> {
  return request(url, { method, body });
}

/** A loopback port nothing listens on: connections to it are refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts requests and never answers them, to test upstream timeouts. */
export async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The stack's config with cluster `local` changed by `patch`. */
export function withLocal(patch: (local: Config['clusters'][string]) => Partial<Config['clusters'][string]>) {
  return (config: Config): Config => {
    const local = config.clusters.local;
    if (!local) throw new Error('the stack config has no cluster local');
    return { ...config, clusters: { ...config.clusters, local: { ...local, ...patch(local) } } };
  };
}

/** Polls `read` until `done` holds for its value, or fails after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until)
      throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
