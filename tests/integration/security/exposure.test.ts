import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../packages/server/src/platform/config/schema.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { sha256, withSecurity } from '../../support/security.ts';

// Every secret the server is given, each distinct so a leak names its source.
const SECRETS = {
  saslPassword: 'sasl-pw-7f3a9c2e1b',
  registryPassword: 'registry-pw-4d8e2a6f0c',
  connectPassword: 'connect-pw-9b1c5e7a3d',
  ksqlPassword: 'ksql-pw-2e6a8c0f4b',
  jwtSecret: 'jwt-secret-0123456789abcdef0123456789abcdef',
  userPassword: 'user-pw-5c9e1a3f7d',
};
const basic = (user: string, password: string) => Buffer.from(`${user}:${password}`).toString('base64');
// The same secrets as they would travel: Basic headers to the upstreams, the user's login.
const LEAKS: Record<string, string> = {
  ...SECRETS,
  registryBasic: basic('registry-user', SECRETS.registryPassword),
  connectBasic: basic('connect-user', SECRETS.connectPassword),
  ksqlBasic: basic('ksql-user', SECRETS.ksqlPassword),
  userBasic: basic('admin', SECRETS.userPassword),
};
/** What a stack trace looks like in text: V8 frames or source positions. */
const STACK = /\n\s+at |\bat [\w.<>]+ \(|node:internal|\.ts:\d+:\d+|\.js:\d+:\d+/;

/** The stack's cluster with credentials on every upstream, plus a SASL cluster the broker refuses. */
function withCredentials(config: Config): Config {
  const local = config.clusters.local;
  if (!local?.schemaRegistry) throw new Error('the stack config has no cluster local with a registry');
  const credentials = (user: string, password: string) => ({
    basicAuthUsername: user,
    basicAuthPassword: password,
  });
  return {
    ...config,
    logLevel: 'trace',
    clusters: {
      local: {
        ...local,
        schemaRegistry: {
          ...local.schemaRegistry,
          ...credentials('registry-user', SECRETS.registryPassword),
        },
        connect: local.connect.map((c) => ({
          ...c,
          ...credentials('connect-user', SECRETS.connectPassword),
        })),
        ksqldb: local.ksqldb.map((k) => ({ ...k, ...credentials('ksql-user', SECRETS.ksqlPassword) })),
      },
      sasl: {
        ...local,
        properties: {
          ...local.properties,
          'security.protocol': 'SASL_PLAINTEXT',
          'sasl.mechanism': 'PLAIN',
          'sasl.jaas.config': `org.apache.kafka.common.security.plain.PlainLoginModule required username="console" password="${SECRETS.saslPassword}";`,
        },
      },
    },
  };
}

const logLines: string[] = [];
const kafka = testKafka();
let app: RunningApp;
let topic: string;
let auth: Record<string, string>;

beforeAll(async () => {
  const secure = withSecurity({
    defaultGroup: null,
    users: [{ username: 'admin', password: sha256(SECRETS.userPassword), groups: ['admin'] }],
    jwt: { secret: SECRETS.jwtSecret },
  });
  app = await startApp((config) => secure(withCredentials(config)), {
    logStream: { write: (line) => logLines.push(line) },
  });
  topic = await kafka.createTopic(1);
  await kafka.produce(topic, [{ partition: 0, key: 'k', value: 'v' }]);
  const login = await fetch(`${app.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: SECRETS.userPassword }),
  });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('JWT='));
  if (!cookie) throw new Error(`login failed: ${login.status}`);
  auth = { cookie: cookie.split(';')[0] as string };
});
afterAll(async () => {
  await kafka.cleanup();
  await app?.close();
});

type Answer = { route: string; status: number; text: string };

/** One call; event streams are read for a moment and then dropped. */
async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${app.url}${path}`, {
    ...init,
    headers: { ...auth, ...(init.headers as Record<string, string>) },
    signal: AbortSignal.timeout(20_000),
  });
  let text = '';
  res.headers.forEach((value, name) => {
    text += `${name}: ${value}\n`;
  });
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const reader = res.body?.getReader();
    const until = Date.now() + 2_000;
    while (reader && Date.now() < until) {
      const timer = new Promise<undefined>((r) => setTimeout(() => r(undefined), until - Date.now()));
      const piece = await Promise.race([reader.read(), timer]);
      if (!piece || piece.done) break;
      text += Buffer.from(piece.value).toString();
    }
    await reader?.cancel();
  } else {
    text += `\n${await res.text()}`;
  }
  return { route: `${init.method ?? 'GET'} ${path}`, status: res.status, text };
}

const PARAMS: Record<string, string> = {
  connectId: 'local',
  ksqlDbId: 'local',
  name: 'no-such-connector',
  className: 'org.apache.kafka.connect.file.FileStreamSourceConnector',
  subject: 'no-such-subject',
  id: '1',
  version: '1',
  taskId: '0',
  partition: '0',
  offset: '0',
  provider: 'none',
};

/** Every GET operation of the OpenAPI document, on both clusters, with real names where there are some. */
async function getPaths(): Promise<string[]> {
  const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as {
    paths: Record<string, { get?: { parameters?: { in: string; name: string; required?: boolean }[] } }>;
  };
  return Object.entries(doc.paths).flatMap(([path, item]) => {
    if (!item.get) return [];
    const query = (item.get.parameters ?? [])
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => `${p.name}=${encodeURIComponent(p.name === 'topics' ? topic : 'x')}`)
      .join('&');
    return ['local', 'sasl'].map((cluster) => {
      const filled = path.replace(/\{(\w+)\}/g, (_all, name: string) =>
        name === 'cluster' || name === 'toCluster'
          ? cluster
          : name.includes('opic')
            ? topic
            : (PARAMS[name] ?? 'x'),
      );
      return query ? `${filled}?${query}` : filled;
    });
  });
}

function leaksIn(text: string): string[] {
  return Object.entries(LEAKS)
    .filter(([, secret]) => text.includes(secret))
    .map(([name]) => name);
}

describe('exposure', () => {
  it('answers every GET route without a secret, and every error without a stack trace', async () => {
    // GET /logout ends the session the walk uses: it goes last.
    const last = (path: string) => Number(path.startsWith('/logout'));
    const paths = (await getPaths()).sort((a, b) => last(a) - last(b));
    expect(paths.length).toBeGreaterThan(60);
    const answers: Answer[] = [];
    for (const path of paths) answers.push(await call(path));
    // Bad input and refused writes reach the error handler by other roads.
    answers.push(
      await call('/api/local/topic', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name": ',
      }),
      await call('/api/local/schema', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subject: `${topic}-value`, schema: '{"type": "nonsense"}' }),
      }),
      await call('/api/local/topic', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      }),
      await call(`/api/sasl/topic/${topic}/data`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ value: 'v' }),
      }),
      await call('/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: '' },
        body: JSON.stringify({ username: 'admin', password: `${SECRETS.userPassword}-wrong` }),
      }),
    );
    const statuses = new Set(answers.map((a) => a.status));
    // The walk reaches real data, refusals, missing objects and the unreachable SASL cluster.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 401, 404, 503]));
    expect(answers.filter((a) => a.status === 200 && a.route.includes(topic)).length).toBeGreaterThan(5);
    expect(
      answers.map((a) => ({ route: a.route, leaks: leaksIn(a.text) })).filter((a) => a.leaks.length),
    ).toEqual([]);
    const traced = answers.filter((a) => a.status >= 400 && STACK.test(a.text)).map((a) => a.route);
    expect(traced).toEqual([]);
  });

  it('never writes a secret to the log, whatever failed', () => {
    const log = logLines.join('');
    // The log saw the walk: request lines, refusals and the SASL cluster's failures.
    expect(log).toContain('"msg":"request"');
    expect(log).toContain("Cluster 'sasl'");
    expect(log).toContain('"audit"');
    const leaked = logLines.filter((line) => leaksIn(line).length);
    expect(leaked.map((line) => `${leaksIn(line).join(',')}: ${line.slice(0, 300)}`)).toEqual([]);
  });

  it('sends the session cookie HttpOnly and SameSite', async () => {
    const login = await fetch(`${app.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: SECRETS.userPassword }),
    });
    const cookies = login.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=(Strict|Lax)/i);
    }
  });
});
