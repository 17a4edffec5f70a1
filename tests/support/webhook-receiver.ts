import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server on loopback that keeps every JSON body POSTed to it, by path. */
export type WebhookReceiver = {
  url: (path: string) => string;
  bodies: (path: string) => Record<string, unknown>[];
  /** Waits (polling, at most `ms`) for a body on `path` that `match` accepts. */
  waitFor: (
    path: string,
    match: (body: Record<string, unknown>) => boolean,
    ms?: number,
  ) => Promise<Record<string, unknown>>;
  close: () => Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received = new Map<string, Record<string, unknown>[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const list = received.get(req.url ?? '') ?? [];
      list.push(JSON.parse(Buffer.concat(chunks).toString() || '{}'));
      received.set(req.url ?? '', list);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const bodies = (path: string) => received.get(path) ?? [];
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    bodies,
    async waitFor(path, match, ms = 15_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = bodies(path).find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching webhook on ${path} within ${ms} ms: ${JSON.stringify(bodies(path))}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
