import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectDefinition } from '../../../packages/contract/src/index.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { type RunningOidc, startOidcProvider } from '../../support/oidc.ts';
import { formLogin, sessionCookie, sha256, withSecurity } from '../../support/security.ts';
import { eventually, send } from '../../support/upstreams.ts';

const connectUrl = () => {
  const url = process.env.CONNECT_URL;
  if (!url) throw new Error('CONNECT_URL is not set: the stack global setup did not run');
  return url;
};

let app: RunningApp;
let idp: RunningOidc;
let dir: string;
let connector: string;
const basic = { authorization: `Basic ${Buffer.from('admin:pw').toString('base64')}` };
const EVIL = 'http://127.0.0.1:1';

beforeAll(async () => {
  idp = await startOidcProvider({ alice: { groups: [] } });
  app = await startApp((config) => ({
    ...withSecurity({
      defaultGroup: null,
      roles: {
        everything: [
          { resources: ['TOPIC', 'NODE', 'CONNECTOR'], actions: ['READ', 'CREATE', 'UPDATE_STATE'] },
        ],
      },
      groups: { admin: [{ role: 'everything' }] },
      users: [
        { username: 'admin', password: sha256('pw'), groups: ['admin'] },
        { username: 'mallory', password: sha256('mallory-pw'), groups: ['admin'] },
      ],
      oidc: {
        providers: {
          test: { issuer: idp.issuer, clientId: idp.clientId, allowInsecureHttp: true },
        },
      },
    })(config),
    server: { ...config.server, publicUrl: 'https://kafka.example.com/console' },
  }));
  idp.register(['https://kafka.example.com/console/oauth/callback/test']);
  dir = await mkdtemp(join(tmpdir(), 'cross-site-'));
  connector = `test-connector-${randomUUID().slice(0, 8)}`;
  const file = join(dir, 'in.txt');
  await writeFile(file, 'one\n');
  const created = await send(`${connectUrl()}/connectors`, 'POST', {
    name: connector,
    config: {
      'connector.class': 'org.apache.kafka.connect.file.FileStreamSourceConnector',
      file,
      topic: `test-topic-${connector}`,
      'tasks.max': '1',
    },
  });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await fetch(`${connectUrl()}/connectors/${connector}`, { method: 'DELETE' });
  await app?.close();
  await idp?.stop();
  await rm(dir, { recursive: true, force: true });
});

const login = async () => sessionCookie(await formLogin(app.url, 'admin', 'pw'));
const state = (path: string, method: string, headers: Record<string, string>) =>
  fetch(`${app.url}/api/local/connect/local/${connector}/${path}`, { method, headers });
const paused = async () => {
  const res = await fetch(`${app.url}/api/local/connect/local/${connector}`, { headers: basic });
  return ((await res.json()) as ConnectDefinition).paused;
};

describe('cross-site requests', () => {
  it('refuses a cookie-carrying write from another origin, and accepts it from the console or a script', async () => {
    const cookie = await login();
    const foreign = await fetch(`${app.url}/logout`, { method: 'POST', headers: { cookie, origin: EVIL } });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: `Cross-site request refused: this write came from origin ${EVIL}`,
    });
    const sameSite = await fetch(`${app.url}/logout`, {
      method: 'POST',
      headers: { cookie, 'sec-fetch-site': 'same-site' },
    });
    expect(sameSite.status).toBe(403);
    // The session survived both attempts; a script without Origin, or the console's own page, may log out.
    expect(
      (await (await fetch(`${app.url}/api/me`, { headers: { cookie } })).json()) as object,
    ).toMatchObject({ logged: true });
    const own = await fetch(`${app.url}/logout`, {
      method: 'POST',
      headers: { cookie, origin: app.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(204);
    // The configured public address is the console's own origin too.
    const published = await fetch(`${app.url}/logout`, {
      method: 'POST',
      headers: { cookie: await login(), origin: 'https://kafka.example.com' },
    });
    expect(published.status).toBe(204);
  });

  it('refuses a cross-site form post to /login, so a page cannot log the browser in as someone else', async () => {
    const res = await fetch(`${app.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: EVIL },
      body: 'username=mallory&password=mallory-pw',
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('answers connector state GETs to Basic callers only; the console pauses and resumes with POST', async () => {
    const cookie = await login();
    const refused = await state('pause', 'GET', { cookie });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      message: 'This GET changes state and is answered only for Basic or bearer credentials; use POST',
    });
    expect((await state('restart', 'GET', { cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(403);
    expect(await paused()).toBe(false);

    expect((await state('pause', 'POST', { cookie, origin: EVIL })).status).toBe(403);
    expect((await state('pause', 'POST', { cookie, origin: app.url })).status).toBe(204);
    await eventually(paused, (p) => p === true);
    expect((await state('resume', 'GET', basic)).status).toBe(204);
    await eventually(paused, (p) => p === false);
    expect((await state('tasks/0/restart', 'GET', { cookie })).status).toBe(403);
    expect((await state('tasks/0/restart', 'POST', { cookie })).status).toBe(204);
  });
});

describe('public URL', () => {
  it("builds the OIDC redirect_uri from server.publicUrl, never from the request's Host", async () => {
    const { port } = new URL(app.url);
    const location = await new Promise<string>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/oauth/login/test', headers: { host: 'evil.example.com' } },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve(res.headers.location ?? `${res.statusCode} ${body}`));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(new URL(location).searchParams.get('redirect_uri')).toBe(
      'https://kafka.example.com/console/oauth/callback/test',
    );
  });
});
