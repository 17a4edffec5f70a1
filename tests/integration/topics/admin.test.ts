import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, type RunningApp, request, startApp } from '../../support/app.ts';
import { testKafka, uniqueName } from '../../support/kafka.ts';

let app: RunningApp;
const kafka = testKafka();
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

const send = (method: string, path: string, body?: unknown) =>
  request(`${app.url}/api/local${path}`, { method, body });

type Topic = {
  name: string;
  partitions: { id: number; leader: { id: number }; logDir?: unknown[] }[];
  replicaCount: number;
  size: number;
};

describe('POST /api/{cluster}/topic', () => {
  it('creates a topic with its configs and answers it described', async () => {
    const name = uniqueName('topic');
    kafka.track(name);
    const created = await send('POST', '/topic', {
      name,
      partition: 3,
      replication: 1,
      configs: { 'cleanup.policy': 'compact', 'retention.ms': 3_600_000 },
      cluster: 'local',
    });
    expect(created.status).toBe(200);
    const topic = created.body as Topic;
    expect(topic).toMatchObject({ name, replicaCount: 1, size: 0 });
    expect(topic.partitions.map((p) => [p.id, p.leader.id])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
    ]);
    const configs = (await send('GET', `/topic/${name}/configs`)).body as {
      name: string;
      value?: string;
      source: string;
    }[];
    expect(configs.find((c) => c.name === 'cleanup.policy')).toMatchObject({
      value: 'compact',
      source: 'DYNAMIC_TOPIC_CONFIG',
    });
    expect(configs.find((c) => c.name === 'retention.ms')).toMatchObject({ value: '3600000' });
  });

  it('takes partitions and replication from the config when the body has none', async () => {
    const name = uniqueName('topic');
    kafka.track(name);
    const created = await send('POST', '/topic', { name });
    expect(created.status).toBe(200);
    expect((created.body as Topic).partitions).toHaveLength(app.config.topic.partition);
  });

  it("answers 409 with Kafka's reason for a name that exists or a refused setting", async () => {
    const name = await kafka.createTopic();
    expect(await send('POST', '/topic', { name, configs: {} })).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: `Topic '${name}' already exists.` },
    });
    const refused = await send('POST', '/topic', { name: uniqueName('topic'), replication: 3 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('replication factor of 3');
    const badValue = await send('POST', '/topic', {
      name: uniqueName('topic'),
      configs: { 'retention.ms': 'soon' },
    });
    expect(badValue).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('retention.ms') },
    });
  });

  it('answers 400 naming each bad field', async () => {
    const bad = await send('POST', '/topic', {
      partition: 'many',
      replication: 0,
      configs: { 'retention.ms': null },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_REQUEST');
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'body.configs.retention.ms',
      'body.name',
      'body.partition',
      'body.replication',
    ]);
  });
});

describe('one topic', () => {
  it('describes it and its partitions, and answers 404 for a topic that does not exist', async () => {
    const name = await kafka.createTopic(2);
    const described = await send('GET', `/topic/${name}`);
    expect(described.status).toBe(200);
    expect((described.body as Topic).partitions).toHaveLength(2);
    // A new topic's log dirs show up a moment after it is created: compare once they are there.
    const withLogDirs = async (path: string) => {
      let partitions: Topic['partitions'] = [];
      await expect
        .poll(async () => {
          const answer = await send('GET', path);
          partitions = path.endsWith('/partitions') ? answer.body : (answer.body as Topic).partitions;
          return partitions.every((p) => p.logDir?.length);
        })
        .toBe(true);
      return partitions;
    };
    expect(await withLogDirs(`/topic/${name}/partitions`)).toEqual(await withLogDirs(`/topic/${name}`));

    const missing = uniqueName('topic');
    for (const path of ['', '/partitions', '/configs', '/logs', '/groups', '/offsets/start']) {
      expect(await send('GET', `/topic/${missing}${path}`), path).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND', message: `Topic '${missing}' doesn't exist` },
      });
    }
  });

  it('increases partitions with 202, and refuses a count that is not an increase with 409', async () => {
    const name = await kafka.createTopic(2);
    expect(await send('POST', `/topic/${name}/partitions`, { partition: 5 })).toEqual({
      status: 202,
      body: undefined,
    });
    const partitions = (await send('GET', `/topic/${name}/partitions`)).body as { id: number }[];
    expect(partitions.map((p) => p.id)).toEqual([0, 1, 2, 3, 4]);
    const same = await send('POST', `/topic/${name}/partitions`, { partition: 5 });
    expect(same).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: expect.stringContaining('5') },
    });
    const fewer = await send('POST', `/topic/${name}/partitions`, { partition: 2 });
    expect(fewer).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('would not be an increase') },
    });
    expect((await send('POST', `/topic/${name}/partitions`, { partition: 'x' })).body.fields).toEqual([
      { field: 'body.partition', message: expect.any(String) },
    ]);
    expect((await send('POST', `/topic/${uniqueName('topic')}/partitions`, { partition: 3 })).status).toBe(
      404,
    );
  });

  it('deletes it with 204, after which it is a 404', async () => {
    const name = uniqueName('topic');
    await kafka.admin.createTopics({ topics: [name], partitions: 1, replicas: 1 });
    expect(await send('DELETE', `/topic/${name}`)).toEqual({ status: 204, body: undefined });
    expect((await getJson(`${app.url}/api/local/topic/${name}`)).status).toBe(404);
    expect(await send('DELETE', `/topic/${name}`)).toMatchObject({
      status: 404,
      body: { message: `Topic '${name}' doesn't exist` },
    });
  });
});
