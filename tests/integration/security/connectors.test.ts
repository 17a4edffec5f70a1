import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectTask, MASKED_SECRET } from '../../../packages/contract/src/index.ts';
import { exchange, type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { sha256, withSecurity } from '../../support/security.ts';
import { eventually } from '../../support/upstreams.ts';
import { connectUrl, storedConfig } from '../connect/support.ts';

// A connector may only read and write topics its creator may, with
// classes the operator allows; its secrets stay masked and survive an edit; task traces show only
// to those who may read its topics.
const SINK = 'org.apache.kafka.connect.file.FileStreamSinkConnector';
const SOURCE = 'org.apache.kafka.connect.file.FileStreamSourceConnector';
const tag = randomUUID().slice(0, 8);
const pub = `pub-${tag}-orders`;
const secret = `secret-${tag}-orders`;
const kafka = testKafka();
const connectors: string[] = [];
const basic = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:pw`).toString('base64')}` });
const limited = basic('limited');
const sinksOnly = basic('sinks');
const admin = basic('admin');

let app: RunningApp;
let dir: string;
beforeAll(async () => {
  const connectorAdmin = [
    { resources: ['CONNECTOR'], actions: ['READ', 'CREATE', 'UPDATE', 'DELETE', 'UPDATE_STATE'] },
  ];
  app = await startApp(
    withSecurity({
      defaultGroup: null,
      roles: {
        'connector-admin': connectorAdmin,
        'sink-maker': connectorAdmin,
        'pub-data': [{ resources: ['TOPIC', 'TOPIC_DATA'], actions: ['READ', 'CREATE'] }],
      },
      groups: {
        limited: [{ role: 'connector-admin' }, { role: 'pub-data', patterns: ['pub-.*'] }],
        sinks: [{ role: 'sink-maker' }, { role: 'pub-data', patterns: ['pub-.*'] }],
        admin: [{ role: 'connector-admin' }, { role: 'pub-data' }],
      },
      connectorClasses: { 'sink-maker': ['org\\.apache\\.kafka\\.connect\\.file\\.FileStreamSinkConnector'] },
      users: [
        { username: 'limited', password: sha256('pw'), groups: ['limited'] },
        { username: 'sinks', password: sha256('pw'), groups: ['sinks'] },
        { username: 'admin', password: sha256('pw'), groups: ['admin'] },
      ],
    }),
  );
  dir = await mkdtemp(join(tmpdir(), 'connect-security-'));
  await Promise.all([kafka.createTopic(1, { name: pub }), kafka.createTopic(1, { name: secret })]);
});
afterAll(async () => {
  for (const name of connectors) {
    await fetch(`${connectUrl()}/connectors/${name}`, { method: 'DELETE' }).catch(() => undefined);
  }
  await app?.close();
  await kafka.cleanup();
  await rm(dir, { recursive: true, force: true });
});

async function call(path: string, headers: Record<string, string>, method = 'GET', body?: unknown) {
  const res = await exchange(`${app.url}/api/local/connect/local${path}`, { method, headers, body });
  return { status: res.status, text: res.text, body: (res.text ? res.body : {}) as Record<string, unknown> };
}

function newName() {
  const name = `test-connector-${randomUUID().slice(0, 8)}`;
  connectors.push(name);
  return name;
}

const create = (headers: Record<string, string>, name: string, configs: Record<string, string>) =>
  call('', headers, 'POST', { name, configs });

const existsAtConnect = async (name: string) => (await fetch(`${connectUrl()}/connectors/${name}`)).status;

describe('connector configs are checked topic by topic', () => {
  it('refuses a sink reading a topic outside the caller TOPIC_DATA READ patterns', async () => {
    const name = newName();
    const file = join(dir, `${name}.txt`);
    const refused = await create(limited, name, {
      'connector.class': SINK,
      topics: `${pub},${secret}`,
      file,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      `Unauthorized: missing permission on resource TOPIC_DATA '${secret}' and action READ (connector config 'topics')`,
    );
    expect(await existsAtConnect(name)).toBe(404);
  });

  it('accepts topics.regex only when every topic it can match is readable', async () => {
    for (const regex of [
      `secret-${tag}-.*`,
      '.*',
      `pub.*`,
      `(?i)pub-${tag}-.*`,
      `pub-${tag}-orders|secret-.*`,
    ]) {
      const name = newName();
      const refused = await create(limited, name, {
        'connector.class': SINK,
        'topics.regex': regex,
        file: join(dir, `${name}.txt`),
      });
      expect(refused.status, regex).toBe(403);
      expect(refused.body.message).toContain("connector config 'topics.regex' may match topics outside");
      expect(await existsAtConnect(name)).toBe(404);
    }
    const name = newName();
    const made = await create(limited, name, {
      'connector.class': SINK,
      'topics.regex': `pub-${tag}-.*`,
      file: join(dir, `${name}.txt`),
    });
    expect(made.status).toBe(200);
  });

  it('refuses a source writing into a topic outside the caller TOPIC_DATA CREATE patterns', async () => {
    const name = newName();
    const refused = await create(limited, name, {
      'connector.class': SOURCE,
      topic: secret,
      file: '/etc/hostname',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      `Unauthorized: missing permission on resource TOPIC_DATA '${secret}' and action CREATE (connector config 'topic')`,
    );
    expect(await existsAtConnect(name)).toBe(404);
  });

  it('checks an update as a creation: a readable sink cannot be pointed at a secret topic', async () => {
    const name = newName();
    const file = join(dir, `${name}.txt`);
    expect((await create(limited, name, { 'connector.class': SINK, topics: pub, file })).status).toBe(200);
    const update = await call(`/${name}/configs`, limited, 'POST', {
      configs: { 'connector.class': SINK, topics: secret, file },
    });
    expect(update.status).toBe(403);
    expect((await storedConfig(name)).topics).toBe(pub);
  });

  it('restricts connector classes per role with security.connectorClasses', async () => {
    const source = newName();
    const refused = await create(sinksOnly, source, {
      'connector.class': SOURCE,
      topic: pub,
      file: join(dir, 'absent.txt'),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      `Unauthorized: missing permission on connector class '${SOURCE}' and action CREATE`,
    );
    expect(await existsAtConnect(source)).toBe(404);
    const sink = newName();
    expect(
      (
        await create(sinksOnly, sink, {
          'connector.class': SINK,
          topics: pub,
          file: join(dir, `${sink}.txt`),
        })
      ).status,
    ).toBe(200);
  });
});

describe('connector secrets stay masked', () => {
  it('masks token and pwd names and URL credentials, and keeps them when the masked values come back', async () => {
    const name = newName();
    const file = join(dir, `${name}.txt`);
    const configs = {
      'connector.class': SINK,
      topics: pub,
      file,
      'auth.token': 'tok-7c1e9a',
      'db.pwd': 'pwd-3b8d2f',
      'connection.url': 'jdbc:mysql://db:3306/app?user=app&password=url-5e0a4c&ssl=true',
      'http.url': 'https://bob:userinfo-9f2b6d@api.example.com/v1',
    };
    expect((await create(admin, name, configs)).status).toBe(200);
    const shown = await call(`/${name}/configs`, admin);
    for (const secretValue of ['tok-7c1e9a', 'pwd-3b8d2f', 'url-5e0a4c', 'userinfo-9f2b6d']) {
      expect(shown.text).not.toContain(secretValue);
    }
    expect(shown.body).toMatchObject({
      'auth.token': MASKED_SECRET,
      'db.pwd': MASKED_SECRET,
      'connection.url': `jdbc:mysql://db:3306/app?user=app&password=${MASKED_SECRET}&ssl=true`,
      'http.url': `https://bob:${MASKED_SECRET}@api.example.com/v1`,
    });
    const definition = await call(`/${name}`, admin);
    expect(definition.text).not.toContain('url-5e0a4c');

    // The form sends back what it was shown, with one change.
    const sent = { ...(shown.body as Record<string, string>), file: `${file}.2` };
    expect((await call(`/${name}/configs`, admin, 'POST', { configs: sent })).status).toBe(200);
    expect(await storedConfig(name)).toMatchObject({ ...configs, file: `${file}.2` });
  });
});

describe('task traces follow the rights on the connector topics', () => {
  it("shows a failed task's trace only to callers who may read the connector's topics", async () => {
    const name = newName();
    // The sink cannot open its file: its task fails with a stack trace.
    const configs = { 'connector.class': SINK, topics: secret, file: join(dir, 'missing-dir', 'out.txt') };
    expect((await create(admin, name, configs)).status).toBe(200);
    const failed = await eventually(
      async () => (await call(`/${name}/tasks`, admin)).body as unknown as ConnectTask[],
      (tasks) => tasks.some((t) => t.state === 'FAILED'),
    );
    expect(failed[0]?.trace).toContain('Exception');
    const limitedTasks = (await call(`/${name}/tasks`, limited)).body as unknown as ConnectTask[];
    expect(limitedTasks).toMatchObject([{ state: 'FAILED' }]);
    expect(limitedTasks[0]?.trace).toBeUndefined();
    const limitedDefinition = await call(`/${name}`, limited);
    expect(limitedDefinition.status).toBe(200);
    expect(limitedDefinition.text).not.toContain('Exception');
    const list = await call(`?search=${name}`, limited);
    expect(list.text).toContain(name);
    expect(list.text).not.toContain('Exception');
    expect((await call(`/${name}`, admin)).text).toContain('Exception');
  });
});
