import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, type RunningApp, request, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';

type Entry = {
  name: string;
  value?: string;
  source: string;
  readOnly: boolean;
  sensitive: boolean;
  type: string;
};

let app: RunningApp;
const kafka = testKafka();
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

const post = (path: string, body: unknown) =>
  request(`${app.url}/api/local${path}`, { method: 'POST', body });

describe('nodes', () => {
  it('counts partitions led and in sync per broker over the visible topics', async () => {
    const before = (await getJson(`${app.url}/api/local/node/partitions`)).body as {
      totalPartitions: number;
    }[];
    await kafka.createTopic(4);
    const { status, body } = await getJson(`${app.url}/api/local/node/partitions`);
    expect(status).toBe(200);
    const rows = body as {
      id: number;
      countLeader: number;
      countInSyncReplicas: number;
      totalPartitions: number;
    }[];
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.id).toBe(1);
    expect(row?.totalPartitions).toBeGreaterThanOrEqual((before[0]?.totalPartitions ?? 0) + 4);
    expect(row?.countLeader).toBe(row?.totalPartitions);
    expect(row?.countInSyncReplicas).toBe(row?.totalPartitions);
  });

  it("lists a broker's log dirs, every replica it holds", async () => {
    const topic = await kafka.createTopic(2);
    const logs = async () => {
      const { status, body } = await getJson(`${app.url}/api/local/node/1/logs`);
      expect(status).toBe(200);
      return body as { brokerId: number; topic: string; partition: number }[];
    };
    // The broker creates the partitions' logs shortly after the controller answered createTopics.
    await expect
      .poll(async () => (await logs()).filter((l) => l.topic === topic).map((l) => l.partition))
      .toEqual([0, 1]);
    const all = await logs();
    expect(all.every((l) => l.brokerId === 1)).toBe(true);
    expect(all.some((l) => l.topic === '__consumer_offsets')).toBe(true);
  });

  it("lists a broker's configs, editable ones first, then by name", async () => {
    const { status, body } = await getJson(`${app.url}/api/local/node/1/configs`);
    expect(status).toBe(200);
    const entries = body as Entry[];
    const firstReadOnly = entries.findIndex((e) => e.readOnly);
    expect(entries.slice(firstReadOnly).every((e) => e.readOnly)).toBe(true);
    const editable = entries.slice(0, firstReadOnly).map((e) => e.name);
    expect(editable).toEqual([...editable].sort());
    expect(entries.find((e) => e.name === 'log.cleaner.threads')).toMatchObject({
      type: 'INT',
      readOnly: false,
    });
    const secret = entries.find((e) => e.sensitive);
    expect(secret).toBeDefined();
    expect(secret?.value).toBeUndefined();
  });

  it('changes one dynamic broker config and leaves the others, sensitive ones included', async () => {
    const threads = 'log.cleaner.threads';
    const backoff = 'log.cleaner.backoff.ms';
    const secret = 'listener.name.internal.ssl.key.password';
    const secretSource = async () => {
      const [broker] = await kafka.admin.describeConfigs({
        resources: [{ resourceType: 4, resourceName: '1', configurationKeys: [secret] }],
      });
      return broker?.configs.map((c) => [c.name, c.isSensitive, c.configSource]);
    };
    try {
      const set = await post('/node/1/configs', {
        configs: { [backoff]: '16000', [secret]: 'console-test-secret' },
      });
      expect(set.status).toBe(200);
      // A sensitive value never shows, so its arrival is watched on its source (2: DYNAMIC_BROKER_CONFIG).
      await expect.poll(secretSource, { timeout: 5_000 }).toEqual([[secret, true, 2]]);

      const changed = await post('/node/1/configs', { configs: { [threads]: '2' } });
      expect(changed.status).toBe(200);
      // The answer is the changed entries only, as AKHQ's (docs/api-conventions.md#topics).
      expect((changed.body as Entry[]).map((e) => e.name)).toEqual([threads]);
      const all = await fetch(`${app.url}/api/local/node/1/configs`).then((r) => r.json());
      const after = new Map((all as Entry[]).map((e) => [e.name, e]));
      expect(after.get(threads)).toMatchObject({ value: '2', source: 'DYNAMIC_BROKER_CONFIG' });
      expect(after.get(backoff)).toMatchObject({ value: '16000', source: 'DYNAMIC_BROKER_CONFIG' });
      expect(after.get(secret)).toEqual({
        name: secret,
        type: 'PASSWORD',
        source: 'DYNAMIC_BROKER_CONFIG',
        readOnly: true,
        sensitive: true,
      });
      expect(await secretSource()).toEqual([[secret, true, 2]]);
    } finally {
      await post('/node/1/configs', { configs: { [threads]: '', [backoff]: '', [secret]: '' } });
    }
  });

  it('answers 404 for a node that does not exist, and 409 for a refused change', async () => {
    for (const path of ['/node/42/configs', '/node/42/logs', '/node/abc/configs']) {
      const { status, body } = await getJson(`${app.url}/api/local${path}`);
      expect(status, path).toBe(404);
      expect((body as { message: string }).message).toMatch(/^Node '(42|abc)' doesn't exist$/);
    }
    expect((await post('/node/42/configs', { configs: { 'log.cleaner.threads': '2' } })).status).toBe(404);
    expect(await post('/node/1/configs', { configs: { 'broker.id': '7' } })).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: expect.stringContaining('broker.id') },
    });
  });
});
