import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange, type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, waitForTopic } from '../../support/records.ts';
import { expectAkhq, paged } from './models.ts';

/**
 * Each AKHQ route of the node and topic screens, called as AKHQ's client calls it (its request shape,
 * extra fields and all), the answer checked field by field against AKHQ's models.
 */
let app: RunningApp;
const kafka = testKafka();
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

/** With the answer's content-type; an empty answer's body is the empty text. */
async function call(method: string, path: string, body?: unknown) {
  const { status, type, body: answer = '' } = await exchange(`${app.url}${path}`, { method, body });
  return { status, type, body: answer };
}

describe('AKHQ node routes', () => {
  it('GET /api/{c}/node answers the cluster id, the nodes and the controller as a node (AKHQ Cluster)', async () => {
    const { status, body } = await call('GET', '/api/local/node');
    expect(status).toBe(200);
    expectAkhq(body, 'Cluster');
    expect(body.id).toMatch(/^[\w-]{22}$/);
    expect(body.controller).toEqual(body.nodes[0]);
  });

  it('GET /api/{c}/node/{id} answers the node (AKHQ Node); an unknown id is a 404', async () => {
    const { status, body } = await call('GET', '/api/local/node/1');
    expect(status).toBe(200);
    expectAkhq(body, 'Node');
    expect(body).toMatchObject({ id: 1, host: expect.any(String), port: expect.any(Number) });
    expect((await call('GET', '/api/local/node/42')).status).toBe(404);
  });

  it('GET node/partitions, node/{id}/logs, node/{id}/configs', async () => {
    expectAkhq((await call('GET', '/api/local/node/partitions')).body, 'NodePartition[]');
    expectAkhq((await call('GET', '/api/local/node/1/logs')).body, 'LogDir[]');
    const configs = (await call('GET', '/api/local/node/1/configs')).body;
    expectAkhq(configs, 'Config[]');
    // A value Kafka does not give is left out; a sensitive one is never shown.
    expect(
      configs.filter((c: { sensitive: boolean; value?: string }) => c.sensitive && 'value' in c),
    ).toEqual([]);
  });

  it('POST node/{id}/configs answers only the changed configs (AKHQ updatedConfigs)', async () => {
    // A key whose change is bookkeeping only: a log.cleaner.* change restarts the broker's log cleaner,
    // which allocates its dedupe buffer again and ran the shared test broker (512 MB heap) out of memory.
    const key = 'max.connections.per.ip';
    try {
      const { status, body } = await call('POST', '/api/local/node/1/configs', {
        configs: { [key]: '2147483646' },
      });
      expect(status).toBe(200);
      expectAkhq(body, 'Config[]');
      expect(body).toMatchObject([{ name: key, value: '2147483646', source: 'DYNAMIC_BROKER_CONFIG' }]);
      expect(body).toHaveLength(1);
      expect(
        await call('POST', '/api/local/node/1/configs', { configs: { [key]: '2147483646' } }),
      ).toMatchObject({
        status: 409,
        body: { message: 'No config to update' },
      });
    } finally {
      await call('POST', '/api/local/node/1/configs', { configs: { [key]: '' } });
    }
  });
});

describe('AKHQ topic routes', () => {
  it('POST /api/{c}/topic as the create form sends it (numbers as text, extra fields) answers a Topic', async () => {
    const name = `test-topic-${crypto.randomUUID()}`;
    kafka.track(name);
    const { status, body } = await call('POST', '/api/local/topic', {
      cluster: 'local',
      name,
      partition: '2',
      replication: '1',
      configs: { 'cleanup.policy': 'delete', 'retention.ms': 86400000 },
    });
    expect(status).toBe(200);
    expectAkhq(body, 'Topic');
    expect(body).toMatchObject({ name, partitions: [{ id: 0 }, { id: 1 }] });
    expect((await call('POST', '/api/local/topic', { name, configs: {} })).status).toBe(409);
  });

  it('GET topic list, names, one topic, partitions, logs, acls, groups, configs, offsets/start', async () => {
    const topic = await kafka.createTopic(2);
    await waitForTopic(kafka.admin, topic, 2);
    await produceMany(topic, 4, (i) => ({ partition: i % 2, value: `v${i}` }));
    const list = await call('GET', `/api/local/topic?search=${topic}&show=ALL&page=1`);
    expectAkhq(list.body, paged('Topic'));
    expect(list.body).toMatchObject({ page: 1, total: 1, results: [{ name: topic, size: 4 }] });
    expectAkhq((await call('GET', '/api/local/topic/name?show=ALL')).body, 'string[]');
    expectAkhq((await call('GET', `/api/local/topic/${topic}`)).body, 'Topic');
    expectAkhq((await call('GET', `/api/local/topic/${topic}/partitions`)).body, 'Partition[]');
    expectAkhq((await call('GET', `/api/local/topic/${topic}/logs`)).body, 'LogDir[]');
    expectAkhq((await call('GET', `/api/local/topic/${topic}/acls`)).body, 'AccessControl[]');
    expectAkhq((await call('GET', `/api/local/topic/${topic}/groups`)).body, 'ConsumerGroup[]');
    const configs = (await call('GET', `/api/local/topic/${topic}/configs`)).body;
    expectAkhq(configs, 'Config[]');
    // Empty values as Kafka's Admin client reads them (topics/configs.test.ts holds them to kafka-configs.sh).
    expect(
      configs.filter((c: { value?: string }) => c.value === '').map((c: { name: string }) => c.name),
    ).toEqual(['follower.replication.throttled.replicas', 'leader.replication.throttled.replicas']);
    const offsets = await call(
      'GET',
      `/api/local/topic/${topic}/offsets/start?timestamp=2000-01-01T00:00:00.000%2B02:00`,
    );
    expectAkhq(offsets.body, 'TimeOffset[]');
    expect(offsets.body).toHaveLength(2);
  });

  it('POST topic/{t}/configs answers only the changed configs; nothing to change is a 409', async () => {
    const topic = await kafka.createTopic(1, { configs: { 'retention.ms': '7200000' } });
    const { status, body } = await call('POST', `/api/local/topic/${topic}/configs`, {
      clusterId: 'local',
      topicId: topic,
      configs: { 'retention.ms': '7200000', 'max.message.bytes': '2000000' },
    });
    expect(status).toBe(200);
    expectAkhq(body, 'Config[]');
    expect(body.map((c: { name: string }) => c.name)).toEqual(['max.message.bytes']);
    expect(
      await call('POST', `/api/local/topic/${topic}/configs`, {
        configs: { 'max.message.bytes': '2000000' },
      }),
    ).toMatchObject({ status: 409, body: { message: 'No config to update' } });
  });

  it('POST topic/{t}/partitions takes the count as text, as the form sends it: 202', async () => {
    const topic = await kafka.createTopic(1);
    expect((await call('POST', `/api/local/topic/${topic}/partitions`, { partition: '3' })).status).toBe(202);
    await expect
      .poll(async () => (await call('GET', `/api/local/topic/${topic}/partitions`)).body.length)
      .toBe(3);
  });
});

describe('the API document where AKHQ publishes it', () => {
  it('serves the OpenAPI document as YAML at /swagger/akhq.yml and a page at GET /api', async () => {
    const yml = await call('GET', '/swagger/akhq.yml');
    expect(yml.status).toBe(200);
    expect(yml.type).toMatch(/^application\/yaml/);
    expect(yml.body).toMatch(/^openapi: 3\.\d+\.\d+$/m);
    expect(yml.body).toContain('/api/{cluster}/topic/last-record:');
    expect(yml.body).toContain('/api/{cluster}/node/{id}:');
    const page = await call('GET', '/api');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain('href="/swagger/akhq.yml"');
  });
});
