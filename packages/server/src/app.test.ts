import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { installGuard } from './http/auth/guard.ts';
import { collectDeclarations } from './http/route-declaration.ts';
import { testConfig } from './test-support/config.ts';

const INDEX =
  '<html><head><base href="/ui/" /><meta name="base-path" content="/" /></head><body></body></html>';

function fakeUiBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ui-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  return dir;
}

const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
async function app(overrides: Record<string, unknown> = {}) {
  const built = await buildApp(testConfig(overrides), { uiDir: fakeUiBuild(), logger: false });
  apps.push(built);
  return built;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

describe('app', () => {
  it('answers unknown routes and clusters with the error envelope, never a stack', async () => {
    const server = await app();
    const route = await server.inject('/api/nothing/here/at/all');
    expect(route.statusCode).toBe(404);
    expect(route.json()).toEqual({
      message: 'No route GET /api/nothing/here/at/all',
      code: 'NOT_FOUND',
      requestId: route.headers['x-request-id'],
    });
    const cluster = await server.inject('/api/nope/ui-options');
    expect(cluster.statusCode).toBe(404);
    expect(cluster.json()).toMatchObject({ message: "Cluster 'nope' not found", code: 'NOT_FOUND' });
    expect(cluster.body).not.toContain('at ');
  });

  it('answers a cluster whose brokers are down with 503 naming the cluster', async () => {
    const server = await app();
    const started = Date.now();
    const res = await server.inject('/api/local/node');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'CLUSTER_CONNECTION_REFUSED',
      message: expect.stringMatching(/^Cluster 'local': connection refused by /),
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    const ready = await server.inject('/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, clusters: [{ id: 'local', ready: false }] });
    expect((await server.inject('/health')).statusCode).toBe(200);
  });

  it('names the field of a refusal made before any schema ran', async () => {
    const server = await app();
    const json = await server.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().fields).toEqual([
      { field: 'body', message: expect.stringContaining('not valid JSON') },
    ]);
    const query = await server.inject({ method: 'QUERY' as 'GET', url: '/api/cluster', payload: 'x' });
    expect(query.statusCode).toBe(400);
    expect(query.json().fields).toEqual([{ field: 'headers.content-type', message: expect.any(String) }]);
  });

  it("answers Fastify's own refusals with the one error envelope", async () => {
    const server = await app();
    const json = { 'content-type': 'application/json' };
    const refusals = [
      { status: 414, method: 'GET', url: `/api/local/topic/${'a'.repeat(16 * 1024 + 1)}` },
      { status: 400, method: 'GET', url: '/api/local/topic/%E0%A4%A' },
      {
        status: 413,
        method: 'POST',
        url: '/api/local/topic',
        headers: json,
        payload: `{"name":"${'a'.repeat(11 * 1024 * 1024)}"}`,
      },
      { status: 415, method: 'POST', url: '/api/local/topic', headers: { 'content-type': 'text/xml' } },
      { status: 400, method: 'POST', url: '/api/local/topic', headers: json, payload: '{"name": ' },
      { status: 404, method: 'DELETE', url: '/api/local/nothing' },
    ] as const;
    for (const { status, ...request } of refusals) {
      const res = await server.inject({ payload: '<x/>', ...request });
      expect(res.statusCode, request.url.slice(0, 40)).toBe(status);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json(), request.url.slice(0, 40)).toEqual({
        message: expect.any(String),
        code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
        requestId: res.headers['x-request-id'],
        ...(status === 400 || status === 414
          ? { fields: [expect.objectContaining({ field: expect.any(String) })] }
          : {}),
      });
    }
  });

  it('drops a __proto__ key in a JSON body as any unknown key, instead of calling the JSON invalid', async () => {
    const res = await (await app()).inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "nobody", "password": "x", "__proto__": {"admin": true}}',
    });
    expect(res.json().message).not.toContain('not valid JSON');
  });

  it('keeps a request id given by a proxy and makes one otherwise', async () => {
    const server = await app();
    const given = await server.inject({ url: '/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await server.inject('/health');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves everything under the deployment prefix', async () => {
    const server = await app({ basePath: '/kafka' });
    expect((await server.inject('/kafka/api/cluster')).json()).toEqual([{ id: 'local', registry: false }]);
    expect((await server.inject('/api/cluster')).statusCode).toBe(404);
    expect((await server.inject('/kafka/health')).statusCode).toBe(200);
    const deepLink = await server.inject('/kafka/ui/local/topic/my.topic/data?sort=NEWEST');
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.body).toContain('<base href="/kafka/ui/" />');
    expect(deepLink.body).toContain('<meta name="base-path" content="/kafka/" />');
    expect((await server.inject('/kafka/ui/assets/app-1234.js')).headers['cache-control']).toContain(
      'immutable',
    );
    expect((await server.inject('/kafka/ui/assets/missing.js')).statusCode).toBe(404);
    expect((await server.inject('/kafka/')).headers.location).toBe('/kafka/ui');
    expect((await server.inject('/')).headers.location).toBe('/kafka/');
    const openapi = (await server.inject('/kafka/api/openapi.json')).json();
    expect(openapi.servers).toEqual([{ url: '/kafka' }]);
  });

  it('answers HEAD as the GET of the same path without its body, except where a GET changes state', async () => {
    const server = await app({
      clusters: {
        local: {
          properties: { 'bootstrap.servers': '127.0.0.1:1' },
          connect: [{ name: 'c1', url: 'http://127.0.0.1:1' }],
        },
      },
    });
    for (const url of ['/api/cluster', '/ui/assets/app-1234.js', '/ui/local/topic']) {
      const get = await server.inject(url);
      const head = await server.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers['content-length'], url).toBe(String(get.rawPayload.length));
    }
    expect((await server.inject({ method: 'HEAD', url: '/api/nothing' })).statusCode).toBe(404);
    // AKHQ's GET that restarts a connector tries the worker; its HEAD does not run it.
    const restart = '/api/local/connect/c1/some-connector/restart';
    expect((await server.inject(restart)).statusCode).toBeGreaterThanOrEqual(500);
    expect((await server.inject({ method: 'HEAD', url: restart })).statusCode).toBe(404);
  });

  it('sends the security headers the console satisfies', async () => {
    const res = await (await app()).inject('/ui/');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('merges per-cluster UI options over global ones', async () => {
    const server = await app({
      uiOptions: { topic: { defaultView: 'ALL', skipLastRecord: true }, topicData: { sort: 'NEWEST' } },
      clusters: {
        local: {
          properties: { 'bootstrap.servers': '127.0.0.1:1' },
          uiOptions: { topic: { defaultView: 'HIDE_STREAM' }, topicData: { dateTimeFormat: 'ISO' } },
        },
      },
    });
    expect((await server.inject('/api/local/ui-options')).json()).toEqual({
      topic: { defaultView: 'HIDE_STREAM', skipLastRecord: true },
      topicData: { sort: 'NEWEST', dateTimeFormat: 'ISO' },
    });
  });

  it('closes at once while a client holds a connection it sent nothing on (a preconnect)', async () => {
    const server = await app();
    await server.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const closedByServer = once(socket, 'close');
    // Without the fix close() waits for Node's 60 s header timeout: the test times out.
    await server.close();
    await closedByServer;
    expect(socket.bytesRead).toBe(0);
  });

  it('documents every API route in the OpenAPI document', async () => {
    const paths = Object.keys((await (await app()).inject('/api/openapi.json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/cluster',
        '/api/{cluster}/ui-options',
        '/api/me',
        '/api/auths',
        '/api/{cluster}/node',
        '/api/{cluster}/topic',
        '/api/{cluster}/topic/{topic}/configs',
        '/api/{cluster}/group/topics',
        '/api/{cluster}/node/{id}/configs',
      ]),
    );
  });
});

describe('access', () => {
  it('refuses to register an API route that declares no access rule', () => {
    const server = Fastify();
    installGuard(server, testConfig());
    expect(() => server.get('/api/unlisted', () => 'x')).toThrow(
      'route GET /api/unlisted declares no access rule (config.access)',
    );
  });

  it('refuses to register a documented API route that declares no operation', () => {
    const server = Fastify();
    collectDeclarations(server, '');
    expect(() => server.get('/api/undocumented', { config: { access: 'public' } }, () => 'x')).toThrow(
      'route GET /api/undocumented declares no operation (config.operation)',
    );
    // Hidden from the document, a route needs no operation.
    expect(() =>
      server.get('/api/hidden', { config: { access: 'public' }, schema: { hide: true } }, () => 'x'),
    ).not.toThrow();
  });

  it('reports the default group to anonymous users and enforces it when security is on', async () => {
    const open = await app({ security: { enabled: true, defaultGroup: 'reader' } });
    const me = (await open.inject('/api/me')).json();
    expect(me.logged).toBe(false);
    expect(me.roles[0]).toMatchObject({
      resources: expect.arrayContaining(['TOPIC', 'NODE']),
      actions: ['READ'],
    });
    expect((await open.inject('/api/local/node')).statusCode).toBe(503);

    const closed = await app({ security: { enabled: true, defaultGroup: null } });
    expect((await closed.inject('/api/me')).json()).toEqual({ logged: false });
    const refused = await closed.inject('/api/local/node');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await closed.inject('/api/cluster')).statusCode).toBe(401);
    expect((await closed.inject({ method: 'HEAD', url: '/api/local/node' })).statusCode).toBe(401);
    expect((await closed.inject('/api/auths')).json()).toMatchObject({ loginEnabled: true });
  });
});
