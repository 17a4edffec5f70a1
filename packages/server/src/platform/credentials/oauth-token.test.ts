import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TokenError, TokenSource } from './oauth-token.ts';

type Seen = { authorization?: string | undefined; body: string };

/** A token endpoint on loopback answering each request with `answer(n)`; records what it was sent. */
async function endpoint(answer: (n: number) => { status: number; body: unknown }) {
  const seen: Seen[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push({ authorization: req.headers.authorization, body });
    const { status, body: out } = answer(seen.length);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(out));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`, seen };
}
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('TokenSource', () => {
  it('asks for client credentials with HTTP Basic and the scope, and reuses the token while it is fresh', async () => {
    const idp = await endpoint((n) => ({ status: 200, body: { access_token: `t${n}`, expires_in: 3600 } }));
    const source = new TokenSource({
      tokenUrl: idp.url,
      clientId: 'console',
      clientSecret: 's3cret',
      scope: 'kafka',
      timeoutMs: 2000,
    });
    const [a, b] = await Promise.all([source.token(), source.token()]);
    expect([a, b, await source.token()]).toEqual(['t1', 't1', 't1']);
    expect(idp.seen).toEqual([
      {
        authorization: `Basic ${Buffer.from('console:s3cret').toString('base64')}`,
        body: 'grant_type=client_credentials&scope=kafka',
      },
    ]);
  });

  it('fetches a new token once 80% of the last one’s lifetime has passed', async () => {
    const idp = await endpoint((n) => ({ status: 200, body: { access_token: `t${n}`, expires_in: 1 } }));
    const source = new TokenSource({ tokenUrl: idp.url, clientId: 'c', clientSecret: 's', timeoutMs: 2000 });
    expect(await source.token()).toBe('t1');
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await source.token()).toBe('t2');
  });

  it('says which endpoint refused which client and why, without the secret', async () => {
    const idp = await endpoint(() => ({
      status: 401,
      body: { error: 'invalid_client', error_description: 'bad secret' },
    }));
    const source = new TokenSource({
      tokenUrl: idp.url,
      clientId: 'console',
      clientSecret: 'hunter2',
      timeoutMs: 2000,
    });
    const error = await source.token().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenError);
    expect((error as Error).message).toBe(
      `the OAuth token endpoint ${idp.url} refused client 'console' (HTTP 401, invalid_client: bad secret)`,
    );
    expect((error as Error).message).not.toContain('hunter2');
  });

  it('says an endpoint that cannot be reached cannot be reached, and why', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/token`;
    await new Promise((resolve) => closed.close(resolve));
    const source = new TokenSource({ tokenUrl: url, clientId: 'c', clientSecret: 's', timeoutMs: 2000 });
    await expect(source.token()).rejects.toThrow(
      `the OAuth token endpoint ${url} cannot be reached (ECONNREFUSED)`,
    );
  });
});
