import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamHttp } from '../upstream-http.ts';
import { ConnectClient } from './client.ts';

// What a distributed worker answers right after a connector's config changed (seen in its log): the real
// worker cannot be put in that state on demand, so this server replays the answers.
const REBALANCE_EXPECTED = {
  error_code: 500,
  message: 'Request cannot be completed because a rebalance is expected',
};
const INFO = { name: 'c', config: { 'connector.class': 'X' }, tasks: [], type: 'source' };

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A worker that answers `first` to the first `times` requests, then 200 with the connector info. */
async function worker(first: { status: number; body: unknown }, times: number) {
  const seen: string[] = [];
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const answer = seen.length <= times ? first : { status: 200, body: INFO };
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = new ConnectClient(new UpstreamHttp(), {
    label: "Kafka Connect 'w' of cluster 'local'",
    url: `http://127.0.0.1:${port}`,
    timeoutMs: 5_000,
  });
  return { client, seen };
}

describe('ConnectClient', () => {
  it('reads again while the worker says a rebalance is expected, instead of failing the read', async () => {
    const { client, seen } = await worker({ status: 500, body: REBALANCE_EXPECTED }, 1);
    expect(await client.info('c')).toEqual(INFO);
    expect(seen).toEqual(['GET /connectors/c', 'GET /connectors/c']);
  });

  it('saves a config again when the worker refused it for a rebalance, as the edit form needs', async () => {
    const { client, seen } = await worker({ status: 500, body: REBALANCE_EXPECTED }, 1);
    expect(await client.updateConfig('c', { 'connector.class': 'X' })).toEqual(INFO);
    expect(seen).toEqual(['PUT /connectors/c/config', 'PUT /connectors/c/config']);
  });

  it('does not repeat a create or a restart, and reports another 500 at once naming the worker', async () => {
    const conflict = await worker(
      { status: 409, body: { error_code: 409, message: 'rebalance in progress' } },
      1,
    );
    await expect(conflict.client.restart('c')).rejects.toMatchObject({ message: 'rebalance in progress' });
    expect(conflict.seen).toEqual(['POST /connectors/c/restart?includeTasks=true&onlyFailed=false']);
    await new Promise<void>((resolve) => server?.close(() => resolve()));

    const broken = await worker({ status: 500, body: { error_code: 500, message: 'disk full' } }, 1);
    await expect(broken.client.info('c')).rejects.toMatchObject({
      message: "Kafka Connect 'w' of cluster 'local' failed: disk full",
    });
    expect(broken.seen).toHaveLength(1);
  });
});
