/**
 * Answers shaped for AKHQ's own client: its login page, scripts' empty JSON bodies, and a
 * reverse proxy that rewrites Host. The requests are sent with the headers a browser sends for AKHQ's
 * `fetch(url, { redirect: 'manual' })` and axios calls (client/src/utils/api.jsx in AKHQ).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { waitForTopic } from '../../support/records.ts';
import { formLogin, sessionCookie, sha256, withSecurity } from '../../support/security.ts';

let app: RunningApp;
let proxied: RunningApp;
const kafka = testKafka();
const security = withSecurity({
  defaultGroup: null,
  roles: { everything: [{ resources: ['TOPIC', 'TOPIC_DATA'], actions: ['READ', 'CREATE', 'DELETE'] }] },
  groups: { admin: [{ role: 'everything' }] },
  users: [{ username: 'admin', password: sha256('pw'), groups: ['admin'] }],
});

beforeAll(async () => {
  app = await startApp(security);
  proxied = await startApp((config) => ({
    ...security(config),
    server: { ...config.server, publicUrl: 'https://kafka.example.com' },
  }));
});
afterAll(async () => {
  await app?.close();
  await proxied?.close();
  await kafka.cleanup();
});

/** What Chromium sends with AKHQ's login `fetch`: JSON, no Accept of its own, a same-origin fetch. */
const AKHQ_LOGIN_HEADERS = {
  'content-type': 'application/json',
  accept: '*/*',
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
};

describe("AKHQ's login page", () => {
  it('gets a redirect back to the login page with the reason for a wrong password, as AKHQ answers it', async () => {
    const res = await fetch(`${app.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...AKHQ_LOGIN_HEADERS, origin: app.url },
      body: JSON.stringify({ username: 'admin', password: 'wrong' }),
    });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '', app.url);
    expect(location.pathname).toBe('/ui/login');
    expect(location.searchParams.get('error')).toMatch(/invalid username or password/i);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('still gets the token answer for the right password, and the console’s page and scripts keep the 401', async () => {
    const ok = await fetch(`${app.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...AKHQ_LOGIN_HEADERS, origin: app.url },
      body: JSON.stringify({ username: 'admin', password: 'pw' }),
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ username: 'admin', token_type: 'Bearer' });

    const ours = await fetch(`${app.url}/login`, {
      method: 'POST',
      headers: { ...AKHQ_LOGIN_HEADERS, accept: 'application/json', origin: app.url },
      body: JSON.stringify({ username: 'admin', password: 'wrong' }),
    });
    expect(ours.status).toBe(401);
    expect(await ours.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.stringMatching(/password/i),
    });

    const script = await formLogin(app.url, 'admin', 'wrong');
    expect(script.status).toBe(401);
  });

  it('sends an HTML form’s failed login back to the login page with the reason', async () => {
    const res = await fetch(`${app.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=admin&password=wrong',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/ui\/login\?error=.*password/i);
  });
});

describe('empty JSON bodies', () => {
  it('takes a DELETE with Content-Type: application/json and no body, as AKHQ does', async () => {
    const cookie = sessionCookie(await formLogin(app.url, 'admin', 'pw'));
    const topic = `test-topic-empty-body-${Date.now()}`;
    const created = await fetch(`${app.url}/api/local/topic`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: topic, partition: 1, replication: 1 }),
    });
    expect(created.status).toBe(200);
    await waitForTopic(kafka.admin, topic);
    const res = await fetch(`${app.url}/api/local/topic/${topic}`, {
      method: 'DELETE',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(204);
    const gone = await fetch(`${app.url}/api/local/topic/${topic}`, { headers: { cookie } });
    expect(gone.status).toBe(404);
  });

  it('still refuses an empty body where a route needs one, naming it', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const cookie = sessionCookie(await formLogin(app.url, 'admin', 'pw'));
    const res = await fetch(`${app.url}/api/local/topic/${topic}/data`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('body') });
  });
});

describe('behind a reverse proxy that rewrites Host', () => {
  // nginx's default `proxy_set_header Host $proxy_host`: the browser is at https://kafka.example.com,
  // the console sees its own address as the Host.
  const fromProxiedPage = (url: string, cookie: string) =>
    fetch(`${url}/api/local/topic`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'application/json',
        origin: 'https://kafka.example.com',
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify({ name: `test-topic-proxy-${Date.now()}`, partition: 1, replication: 1 }),
    });

  it('refuses a write from the console’s own page, saying to set server.publicUrl or trustedProxies', async () => {
    const res = await fromProxiedPage(app.url, sessionCookie(await formLogin(app.url, 'admin', 'pw')));
    expect(res.status).toBe(403);
    const { message } = (await res.json()) as { message: string };
    expect(message).toContain('origin https://kafka.example.com');
    expect(message).toContain(`the console was reached as ${app.url}`);
    expect(message).toContain('server.publicUrl');
    expect(message).toContain('server.trustedProxies');
  });

  it('accepts the same write once server.publicUrl names the address users open', async () => {
    const res = await fromProxiedPage(
      proxied.url,
      sessionCookie(await formLogin(proxied.url, 'admin', 'pw')),
    );
    expect(res.status).toBe(200);
  });
});
