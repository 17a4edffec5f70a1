import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConnectDefinition,
  type ConnectDefinitionList,
  type ConnectPlugin,
  type ConnectTask,
  MASKED_SECRET,
} from '../../../packages/contract/src/index.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { closedPort, eventually, send, withLocal } from '../../support/upstreams.ts';
import { connectUrl, storedConfig } from '../connect/support.ts';

const SOURCE = 'org.apache.kafka.connect.file.FileStreamSourceConnector';
/** A config provider reference (KIP-297); the stack's worker has no provider, so it stays a plain string. */
const reference = `\${file:/etc/kafka/secrets.properties:db.password}`;

let app: RunningApp;
let dir: string;
const kafka = testKafka();
const connectors: string[] = [];
const api = <T>(path: string, method = 'GET', body?: unknown) =>
  send<T>(`${app.url}/api/local/connect/local${path}`, method, body);

beforeAll(async () => {
  app = await startApp();
  dir = await mkdtemp(join(tmpdir(), 'connect-test-'));
});
afterAll(async () => {
  for (const name of connectors) await fetch(`${connectUrl()}/connectors/${name}`, { method: 'DELETE' });
  await app.close();
  await kafka.cleanup();
  await rm(dir, { recursive: true, force: true });
});

/** A FileStream source reading a new file into a new topic (made here when `withTopic`, else by Connect). */
async function sourceConfigs(withTopic = true) {
  const token = randomUUID().slice(0, 8);
  const name = `test-connector-${token}`;
  const topic = `test-topic-${token}`;
  const file = join(dir, `${token}.txt`);
  await writeFile(file, 'one\ntwo\n');
  connectors.push(name);
  if (withTopic) await kafka.createTopic(1, { name: topic });
  return {
    token,
    name,
    topic,
    configs: {
      'connector.class': SOURCE,
      file,
      topic,
      'tasks.max': '1',
      'topic.creation.default.replication.factor': '1',
      'topic.creation.default.partitions': '1',
      // FileStream ignores both: a secret-named key (masked) and a provider reference (shown, kept).
      'console.test.password': 's3cret',
      'console.test.reference': reference,
    },
  };
}

const running = (d: ConnectDefinition) => !d.paused && d.tasks?.[0]?.state === 'RUNNING';
const definition = async (name: string) => (await api<ConnectDefinition>(`/${name}`)).body;

describe('Kafka Connect routes on the real worker', () => {
  it('creates a FileStream source, runs, pauses, resumes, restarts and deletes it', async () => {
    const { token, name, configs } = await sourceConfigs();
    const created = await api<ConnectDefinition>('', 'POST', {
      name,
      configs,
      clusterId: 'local',
      connectId: 'local',
    });
    expect(created).toMatchObject({
      status: 200,
      body: { name, type: 'source', shortClassName: 'FileStreamSourceConnector', paused: false },
    });
    expect(created.body.configs['console.test.password']).toBe(MASKED_SECRET);

    const run = await eventually(() => definition(name), running);
    expect(run.tasks).toEqual([
      { connector: name, id: 0, state: 'RUNNING', workerId: expect.stringMatching(/:\d+$/) },
    ]);

    const list = await api<ConnectDefinitionList>(`?search=${token}`);
    expect(list.body).toMatchObject({ page: 1, total: 1, results: [{ name, type: 'source' }] });

    expect((await api(`/${name}/pause`)).status).toBe(204);
    await eventually(
      () => definition(name),
      (d) => d.paused,
    );
    expect((await api(`/${name}/resume`)).status).toBe(204);
    await eventually(() => definition(name), running);
    expect((await api(`/${name}/restart`)).status).toBe(204);
    await eventually(() => definition(name), running);
    expect((await api(`/${name}/tasks/0/restart`)).status).toBe(204);
    const tasks = await eventually(
      () => api<ConnectTask[]>(`/${name}/tasks`),
      (a) => a.body[0]?.state === 'RUNNING',
    );
    expect(tasks.body).toHaveLength(1);
    expect((await api(`/${name}/tasks/7/restart`)).status).toBe(404);

    expect((await api('', 'POST', { name, configs })).status).toBe(409);
    expect((await api(`/${name}`, 'DELETE')).status).toBe(204);
    expect(await api(`/${name}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('keeps a masked secret and a provider reference unchanged across a configs update', async () => {
    const { name, configs } = await sourceConfigs();
    await api('', 'POST', { name, configs });

    const shown = await api<Record<string, string>>(`/${name}/configs`);
    expect(shown.body).toMatchObject({
      'console.test.password': MASKED_SECRET,
      'console.test.reference': reference,
    });

    // The edit form sends back every config as shown, with one real change.
    const updated = await api<ConnectDefinition>(`/${name}/configs`, 'POST', {
      name,
      configs: { ...shown.body, 'batch.size': '100' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.configs).toMatchObject({
      'batch.size': '100',
      'console.test.password': MASKED_SECRET,
    });

    expect(await storedConfig(name)).toMatchObject({
      'batch.size': '100',
      'console.test.password': 's3cret',
      'console.test.reference': reference,
    });

    // Retyping the secret replaces it.
    const retyped = await api(`/${name}/configs`, 'POST', {
      configs: { ...shown.body, 'console.test.password': 'n3w' },
    });
    expect(retyped.status).toBe(200);
    expect(await storedConfig(name)).toMatchObject({ 'console.test.password': 'n3w' });
  });

  it("refuses a create the worker's validation rejects, listing each field", async () => {
    const { name, configs } = await sourceConfigs(false);
    const { topic: _, ...withoutTopic } = configs;
    const invalid = await api<{ code: string; fields: { field: string }[] }>('', 'POST', {
      name,
      configs: withoutTopic,
    });
    // The worker's refusals are a 409, as in AKHQ.
    expect(invalid).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', fields: [{ field: 'body.configs.topic' }] },
    });
    const unknown = await api('', 'POST', {
      name,
      configs: { ...configs, 'connector.class': 'com.example.Nope' },
    });
    expect(unknown).toMatchObject({
      status: 409,
      body: { fields: [{ field: 'body.configs.connector.class' }] },
    });
    const masked = await api('', 'POST', {
      name,
      configs: { ...configs, 'console.test.password': MASKED_SECRET },
    });
    expect(masked).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'body.configs.console.test.password' }] },
    });
    expect((await api(`/${name}`)).status).toBe(404);
  });

  it('lists plugins with their definitions and the Schema Registry group, and validates configs', async () => {
    const plugins = (await api<ConnectPlugin[]>('/plugins')).body;
    const source = plugins.find((p) => p.className === SOURCE);
    expect(source).toMatchObject({ type: 'source', shortClassName: 'FileStreamSourceConnector' });
    const groups = [...new Set(source?.definitions.map((d) => d.group))];
    expect(groups.at(-1)).toBe('Others');
    expect(groups).toContain('Schema Registry');
    expect(source?.definitions.filter((d) => d.group === 'Schema Registry')).toHaveLength(11);

    expect((await api<ConnectPlugin>('/plugins/FileStreamSourceConnector')).body.className).toBe(SOURCE);
    const validated = await api<ConnectPlugin>(`/plugins/${SOURCE}/validate`, 'PUT', {
      configs: {
        transforms: 'tag',
        'transforms.tag.type': 'org.apache.kafka.connect.transforms.InsertField$Value',
      },
    });
    expect(validated.body.definitions.map((d) => d.name)).toContain('transforms.tag.static.field');
    expect((await api('/plugins/com.example.Nope')).status).toBe(404);
  });

  it('lists the configured workers', async () => {
    expect(await send(`${app.url}/api/connects?clusterId=local`)).toEqual({
      status: 200,
      body: [{ cluster: 'local', name: 'local' }],
    });
  });
});

describe('Kafka Connect failures stay on the Connect routes', () => {
  it('answers 502 naming the worker when it is down, while other routes still work', async () => {
    const port = await closedPort();
    const down = await startApp(
      withLocal((local) => ({
        connect: local.connect.map((c) => ({ ...c, url: `http://127.0.0.1:${port}` })),
      })),
    );
    try {
      expect(await send(`${down.url}/api/local/connect/local`)).toMatchObject({
        status: 502,
        body: {
          code: 'UPSTREAM_UNAVAILABLE',
          message: "Kafka Connect 'local' of cluster 'local' is unreachable: connection refused",
        },
      });
      expect((await send(`${down.url}/api/local/schemas`)).status).toBe(200);
      expect((await send(`${down.url}/api/local/topic`)).status).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('answers 404 for a Connect name the cluster does not configure', async () => {
    expect(await send(`${app.url}/api/local/connect/other`)).toMatchObject({
      status: 404,
      body: { message: "Cluster 'local' has no Kafka Connect named 'other'" },
    });
  });
});
