import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { testConfig } from '../../../test-support/config.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const security = {
  enabled: true,
  defaultGroup: null,
  jwt: { secret: 'a-test-secret-that-is-long-enough-for-hs256' },
  groups: {
    admin: [{ role: 'reader' }],
    'local-only': [{ role: 'reader', clusters: ['local'] }],
  },
  roles: { reader: [{ resources: ['TOPIC', 'NODE'], actions: ['READ'] }] },
  users: [
    { username: 'ann', password: bcrypt.hashSync('ann-pass', 4), groups: ['admin'] },
    { username: 'bob', password: sha256('bob-pass'), groups: ['local-only'] },
  ],
};

const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
async function app(overrides: Record<string, unknown> = {}, logStream?: { write: (line: string) => void }) {
  const config = testConfig({
    clusters: {
      local: { properties: { 'bootstrap.servers': '127.0.0.1:1' } },
      prod: { properties: { 'bootstrap.servers': '127.0.0.1:1' } },
    },
    kafkaClient: { connectTimeoutMs: 200, retries: 0 },
    security: { ...security, ...overrides },
  });
  const built = await buildApp(config, logStream ? { logStream } : { logger: false });
  apps.push(built);
  return built;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

type Server = Awaited<ReturnType<typeof app>>;
const login = (server: Server, username: string, password: string, address = '127.0.0.1') =>
  server.inject({ method: 'POST', url: '/login', payload: { username, password }, remoteAddress: address });

describe('login', () => {
  it('sets an HttpOnly SameSite=Strict cookie, returns a bearer token, and /api/me names the user', async () => {
    const server = await app();
    const res = await login(server, 'ann', 'ann-pass');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, username: 'ann' });
    const cookie = res.cookies.find((c) => c.name === 'JWT');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 3600 });

    const byCookie = await server.inject({ url: '/api/me', cookies: { JWT: cookie?.value ?? '' } });
    expect(byCookie.json()).toMatchObject({ logged: true, username: 'ann' });
    expect(byCookie.json().roles).toHaveLength(1);
    const byBearer = await server.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(byBearer.json()).toMatchObject({ logged: true, username: 'ann' });
  });

  it('accepts SHA-256 hashes from AKHQ configs and HTML form posts', async () => {
    const server = await app();
    const res = await server.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=bob&password=bob-pass',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/ui');
    expect(res.cookies.find((c) => c.name === 'JWT')?.value).toBeTruthy();
  });

  it('refuses a wrong password, then limits the failing address without locking the user out', async () => {
    const server = await app({ loginRateLimit: { maxFailuresPerUser: 3, maxFailuresPerAddress: 5 } });
    const wrong = await login(server, 'ann', 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid username or password' });
    await login(server, 'ann', 'nope', '10.0.0.2');
    await login(server, 'ann', 'nope', '10.0.0.3');
    // The user is over its limit: the owner, from an address that has not been failing, still gets in.
    expect((await login(server, 'ann', 'ann-pass', '10.0.0.4')).statusCode).toBe(200);

    for (let i = 0; i < 3; i++) await login(server, 'ann', 'nope', '10.0.0.5');
    const locked = await login(server, 'ann', 'ann-pass', '10.0.0.5');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(
      /^Too many failed logins for user 'ann' from this address; try again in \d+ seconds$/,
    );

    for (const name of ['x1', 'x2']) await login(server, name, 'nope', '10.9.9.9');
    const fromAddress = await login(server, 'bob', 'bob-pass', '10.9.9.9');
    expect(fromAddress.statusCode).toBe(200);
    for (const name of ['x3', 'x4', 'x5']) await login(server, name, 'nope', '10.9.9.9');
    expect((await login(server, 'bob', 'bob-pass', '10.9.9.9')).statusCode).toBe(429);
  });

  it('is not offered when security is off', async () => {
    const server = await app({ enabled: false });
    expect((await login(server, 'ann', 'ann-pass')).statusCode).toBe(404);
    expect((await server.inject('/api/auths')).json()).toMatchObject({
      loginEnabled: false,
      formEnabled: false,
    });
  });
});

describe('credentials on API calls', () => {
  it('accepts HTTP Basic, refuses wrong Basic credentials, and ignores a forged token', async () => {
    const server = await app();
    const basic = (user: string, pass: string) => ({
      authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
    });
    expect((await server.inject({ url: '/api/me', headers: basic('bob', 'bob-pass') })).json()).toMatchObject(
      {
        logged: true,
        username: 'bob',
      },
    );
    const wrong = await server.inject({ url: '/api/cluster', headers: basic('bob', 'nope') });
    expect(wrong.statusCode).toBe(401);
    const forged = await server.inject({ url: '/api/me', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.json()).toEqual({ logged: false });
  });

  it('lists only the clusters the user is bound to, and refuses 401 anonymous and 403 logged in', async () => {
    const server = await app();
    const token = (await login(server, 'bob', 'bob-pass')).json().access_token;
    const headers = { authorization: `Bearer ${token}` };
    expect((await server.inject({ url: '/api/cluster', headers })).json()).toEqual([
      { id: 'local', registry: false },
    ]);
    const refused = await server.inject({ url: '/api/prod/node', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Unauthorized: missing permission on resource NODE and action READ');
    expect((await server.inject('/api/local/node')).statusCode).toBe(401);
  });

  it('logs out by expiring the cookie', async () => {
    const server = await app();
    for (const method of ['GET', 'POST'] as const) {
      const res = await server.inject({ method, url: '/logout' });
      expect(res.statusCode).toBe(method === 'GET' ? 303 : 204);
      expect(res.cookies.find((c) => c.name === 'JWT')).toMatchObject({ value: '', path: '/' });
    }
  });
});

describe('header auth', () => {
  const headerAuth = {
    userHeader: 'x-auth-user',
    groupsHeader: 'x-auth-groups',
    trustedProxies: ['10.1.0.0/16', '::1'],
    groups: [{ name: 'Kafka-Admins', groups: ['admin'] }],
  };

  it('believes the headers only from a configured proxy address', async () => {
    const server = await app({ users: [], headerAuth });
    const headers = { 'x-auth-user': 'carol', 'x-auth-groups': 'staff, kafka-admins' };
    const trusted = await server.inject({ url: '/api/me', headers, remoteAddress: '10.1.2.3' });
    expect(trusted.json()).toMatchObject({ logged: true, username: 'carol', roles: [expect.anything()] });
    const other = await server.inject({ url: '/api/me', headers, remoteAddress: '10.2.0.1' });
    expect(other.json()).toEqual({ logged: false });
    // Nothing to log in with but the proxy: the console shows no login button
    // (docs/api-conventions.md#sessions-and-login).
    expect((await server.inject('/api/auths')).json()).toMatchObject({
      loginEnabled: false,
      formEnabled: false,
    });
  });
});

describe('audit', () => {
  it('logs every write with user, address, cluster, target, action and outcome', async () => {
    const lines: string[] = [];
    const server = await app({}, { write: (line) => lines.push(line) });
    const token = (await login(server, 'ann', 'ann-pass')).json().access_token;
    await server.inject({
      method: 'DELETE',
      url: '/api/local/topic/orders',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: '10.0.0.7',
    });
    await server.inject({ url: '/api/local/node', headers: { authorization: `Bearer ${token}` } });
    const audits = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'audit');
    expect(audits.map((a) => a.audit)).toEqual([
      expect.objectContaining({ user: 'ann', target: 'ann', route: 'POST /login', outcome: 'success' }),
      {
        user: 'ann',
        address: '10.0.0.7',
        cluster: 'local',
        target: 'orders',
        action: 'TOPIC:DELETE',
        route: 'DELETE /api/:cluster/topic/:topic',
        status: 403,
        outcome: 'refused',
      },
    ]);
    expect(lines.join('\n')).not.toContain('ann-pass');
    expect(lines.join('\n')).not.toContain(token);
  });
});
