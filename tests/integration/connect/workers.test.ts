import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectLogger, ConnectPlugin } from '../../../packages/contract/src/index.ts';
import { exchange, type RunningApp, startApp } from '../../support/app.ts';
import { sha256, withSecurity } from '../../support/security.ts';
import { eventually, send, withLocal } from '../../support/upstreams.ts';
import { connectApi, direct, newConnectorName, SINK, SOURCE } from './support.ts';

// Validation before create, the worker's log levels, who may stop and change offsets, and a worker too
// old for KIP-875.
const LOGGER = 'org.apache.kafka.connect.file.FileStreamSourceTask';
let app: RunningApp;
const api = connectApi(() => app);

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  // The stack's worker is shared: its level goes back to the default.
  await direct(`/admin/loggers/${LOGGER}?scope=cluster`, 'PUT', { level: 'INFO' }).catch(() => undefined);
  await app?.close();
});

describe("validating a connector's configs against its plugin", () => {
  it("answers the missing required field's error beside that field", async () => {
    const answer = await api<ConnectPlugin>(`/plugins/${SOURCE}/validate`, 'PUT', {
      configs: { 'connector.class': SOURCE, name: newConnectorName(), file: '/tmp/x.txt' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.errorCount).toBeGreaterThan(0);
    const topic = answer.body.definitions.find((d) => d.name === 'topic');
    expect(topic?.errors?.[0]).toMatch(/topic/i);
    expect(answer.body.definitions.find((d) => d.name === 'file')?.errors).toBeUndefined();
  });

  it("reports a sink's missing topics, which the plugin list's placeholder would hide", async () => {
    const answer = await api<ConnectPlugin>(`/plugins/${SINK}/validate`, 'PUT', {
      configs: { 'connector.class': SINK, name: newConnectorName(), file: '/tmp/x.out' },
    });
    expect(answer.body.errorCount).toBeGreaterThan(0);
    const errors = answer.body.definitions.filter((d) => d.errors?.length).map((d) => d.name);
    expect(errors.some((n) => n.startsWith('topics'))).toBe(true);
  });

  it('answers no errors for a complete config', async () => {
    const answer = await api<ConnectPlugin>(`/plugins/${SOURCE}/validate`, 'PUT', {
      configs: { name: newConnectorName(), file: '/tmp/x.txt', topic: 'x' },
    });
    expect(answer.body.errorCount).toBe(0);
    expect(answer.body.definitions.every((d) => d.errors === undefined)).toBe(true);
  });
});

describe("a Connect worker's loggers", () => {
  it('lists the levels Connect reports and changes one, as Connect then reports it', async () => {
    const listed = await api<ConnectLogger[]>('/loggers');
    const own = (await direct<Record<string, { level: string }>>('/admin/loggers')).body;
    expect(listed.status).toBe(200);
    expect(Object.fromEntries(listed.body.map((l) => [l.name, l.level]))).toEqual(
      Object.fromEntries(Object.entries(own).map(([name, l]) => [name, l.level])),
    );

    const set = await api<{ scope: string; loggers: string[] }>(`/loggers/${LOGGER}`, 'PUT', {
      level: 'DEBUG',
    });
    expect(set).toMatchObject({ status: 200, body: { scope: 'worker', loggers: [LOGGER] } });
    expect((await direct<{ level: string }>(`/admin/loggers/${LOGGER}`)).body.level).toBe('DEBUG');
    const after = await api<ConnectLogger[]>('/loggers');
    expect(after.body.find((l) => l.name === LOGGER)).toMatchObject({
      level: 'DEBUG',
      lastModified: expect.any(Number),
    });

    const cluster = await api(`/loggers/${LOGGER}?scope=cluster`, 'PUT', { level: 'WARN' });
    expect(cluster).toMatchObject({ status: 200, body: { scope: 'cluster' } });
    // A cluster-wide level travels through Connect's config topic (KIP-976): each worker applies it when
    // it reads the record, after the answer.
    const applied = await eventually(
      () => direct<{ level: string }>(`/admin/loggers/${LOGGER}`),
      (answer) => answer.body.level === 'WARN',
      15_000,
    );
    expect(applied.body.level).toBe('WARN');
  });

  it('refuses a level Connect does not have, naming the field', async () => {
    const answer = await api<{ fields: { field: string }[] }>(`/loggers/${LOGGER}`, 'PUT', { level: 'LOUD' });
    expect(answer.status).toBe(400);
    expect(answer.body.fields.map((f) => f.field)).toContain('body.level');
    expect((await api(`/loggers/bad%20name`, 'PUT', { level: 'INFO' })).status).toBe(400);
  });
});

describe('permissions on stop, offsets and loggers', () => {
  let secured: RunningApp;
  const basic = (user: string) => ({
    authorization: `Basic ${Buffer.from(`${user}:pw`).toString('base64')}`,
  });
  const call = async (user: string, path: string, method: string, body?: unknown) =>
    (await exchange(`${secured.url}/api/local/connect/local${path}`, { method, body, headers: basic(user) }))
      .status;

  beforeAll(async () => {
    secured = await startApp(
      withSecurity({
        defaultGroup: null,
        roles: {
          operator: [{ resources: ['CONNECTOR'], actions: ['READ', 'UPDATE_STATE'] }],
          offsets: [{ resources: ['CONNECTOR'], actions: ['READ', 'UPDATE_OFFSET', 'DELETE_OFFSET'] }],
          watcher: [{ resources: ['CONNECTOR', 'CONNECT_CLUSTER'], actions: ['READ'] }],
        },
        groups: {
          operator: [{ role: 'operator' }],
          offsets: [{ role: 'offsets', patterns: ['mine-.*'] }],
          watcher: [{ role: 'watcher' }],
        },
        users: ['operator', 'offsets', 'watcher'].map((u) => ({
          username: u,
          password: sha256('pw'),
          groups: [u],
        })),
      }),
    );
  });
  afterAll(() => secured?.close());

  it('refuses each change to a role without its action, before the worker is asked', async () => {
    const name = newConnectorName();
    const offsets = { offsets: [{ partition: { filename: '/x' }, offset: { position: 0 } }] };
    // UPDATE_STATE stops, but does not alter or reset offsets.
    expect(await call('operator', `/${name}/offsets`, 'PATCH', offsets)).toBe(403);
    expect(await call('operator', `/${name}/offsets`, 'DELETE')).toBe(403);
    expect(await call('operator', `/${name}/stop`, 'POST')).toBe(404);
    // Offsets rights are per connector name.
    expect(await call('offsets', `/${name}/offsets`, 'PATCH', offsets)).toBe(403);
    expect(await call('offsets', `/mine-${name}/offsets`, 'DELETE')).toBe(404);
    expect(await call('offsets', `/${name}/stop`, 'POST')).toBe(403);
    // Reading is CONNECTOR READ; loggers need CONNECT_CLUSTER ALTER_CONFIG to change.
    expect(await call('watcher', `/${name}/offsets`, 'GET')).toBe(404);
    expect(await call('watcher', '/loggers', 'GET')).toBe(200);
    expect(await call('watcher', `/loggers/${LOGGER}`, 'PUT', { level: 'DEBUG' })).toBe(403);
    expect(await call('watcher', `/${name}/stop`, 'POST')).toBe(403);
  });
});

describe('a worker older than KIP-875', () => {
  // Connect 3.4 has no stop or offsets endpoints: Jersey answers 404 or 405. A server answering as it does.
  let old: Server;
  let oldApp: RunningApp;
  beforeAll(async () => {
    old = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/') return res.end(JSON.stringify({ version: '3.4.1', commit: 'x' }));
      const method = req.url?.endsWith('/stop');
      res.statusCode = method ? 405 : 404;
      res.end(
        JSON.stringify({
          error_code: res.statusCode,
          message: method ? 'HTTP 405 Method Not Allowed' : 'HTTP 404 Not Found',
        }),
      );
    });
    await new Promise<void>((resolve) => old.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(old.address() as AddressInfo).port}`;
    oldApp = await startApp(withLocal((local) => ({ connect: local.connect.map((c) => ({ ...c, url })) })));
  });
  afterAll(async () => {
    await oldApp?.close();
    await new Promise<void>((resolve) => old.close(() => resolve()));
  });

  it('answers CONNECT_TOO_OLD naming the version, for stop, offsets and cluster-wide levels', async () => {
    const base = `${oldApp.url}/api/local/connect/local`;
    for (const [path, method] of [
      ['/c/stop', 'POST'],
      ['/c/offsets', 'GET'],
      ['/c/offsets', 'DELETE'],
    ] as const) {
      const answer = await send<{ code: string; message: string }>(`${base}${path}`, method);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'CONNECT_TOO_OLD',
        message: expect.stringContaining('3.4.1'),
      });
    }
    const levels = await send<{ code: string }>(`${base}/loggers/root?scope=cluster`, 'PUT', {
      level: 'INFO',
    });
    expect(levels).toMatchObject({ status: 409, body: { code: 'CONNECT_TOO_OLD' } });
  });
});
