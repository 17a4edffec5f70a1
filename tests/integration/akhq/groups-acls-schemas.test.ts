import { randomUUID } from 'node:crypto';
import { AclOperations, AclPermissionTypes, ResourcePatternTypes, ResourceTypes } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, request, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, waitForTopic } from '../../support/records.ts';
import { expectAkhq, paged } from './models.ts';

/** Groups, ACLs, schemas and ksqlDB as AKHQ's client calls them, answers checked against AKHQ's models. */
let app: RunningApp;
const kafka = testKafka();
const subjects: string[] = [];
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
  for (const subject of subjects) {
    const url = `${process.env.SCHEMA_REGISTRY_URL}/subjects/${encodeURIComponent(subject)}`;
    await fetch(url, { method: 'DELETE' }).catch(() => undefined);
    await fetch(`${url}?permanent=true`, { method: 'DELETE' }).catch(() => undefined);
  }
});

/** An empty answer's body is the empty text. */
async function call(method: string, path: string, body?: unknown) {
  const { status, body: answer = '' } = await request(`${app.url}/api/local${path}`, { method, body });
  return { status, body: answer };
}

describe('AKHQ consumer group routes', () => {
  it('list, one group, offsets, members, acls, offsets/start, group/topics and topic/{t}/groups', async () => {
    const topic = await kafka.createTopic(2);
    await waitForTopic(kafka.admin, topic, 2);
    await produceMany(topic, 4, (i) => ({ partition: i % 2, value: `v${i}` }));
    const group = await kafka.commitOffsets(topic, [1, 1]);
    const path = `/group/${encodeURIComponent(group)}`;
    const list = await call('GET', `/group?search=${group}&page=1`);
    expectAkhq(list.body, paged('ConsumerGroup'));
    expect(list.body.results).toMatchObject([{ id: group, state: 'EMPTY' }]);
    expectAkhq((await call('GET', path)).body, 'ConsumerGroup');
    const offsets = await call('GET', `${path}/offsets`);
    expectAkhq(offsets.body, 'GroupOffset[]');
    expect(offsets.body).toMatchObject([
      { topic, partition: 0, offset: 1, firstOffset: 0, lastOffset: 2, offsetLag: 1 },
      { topic, partition: 1, offset: 1, offsetLag: 1 },
    ]);
    expectAkhq((await call('GET', `${path}/members`)).body, 'Consumer[]');
    expectAkhq((await call('GET', `${path}/acls`)).body, 'AccessControl[]');
    const start = await call('GET', `${path}/offsets/start?timestamp=2000-01-01T00:00:00.000Z`);
    expectAkhq(start.body, 'TimeOffset[]');
    const byTopics = await call('GET', `/group/topics?topics=${encodeURIComponent(topic)}`);
    expectAkhq(byTopics.body, 'ConsumerGroup[]');
    expect(byTopics.body.map((g: { id: string }) => g.id)).toEqual([group]);
    expectAkhq((await call('GET', `/topic/${topic}/groups`)).body, 'ConsumerGroup[]');
  });

  it('POST offsets takes partition and offset as text (AKHQ’s update page sends `"partition":"0"`): 204', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    await produceMany(topic, 3, () => ({ partition: 0, value: 'v' }));
    const group = await kafka.commitOffsets(topic, [0]);
    const path = `/group/${encodeURIComponent(group)}/offsets`;
    expect((await call('POST', path, [{ topic, partition: '0', offset: '2' }])).status).toBe(204);
    expect((await call('GET', path)).body).toMatchObject([{ topic, partition: 0, offset: 2 }]);
    // A topic Kafka does not know is a 409, as AKHQ answers Kafka's UnknownTopicOrPartition.
    expect(await call('POST', path, [{ topic: `${topic}-nope`, partition: '0', offset: '0' }])).toMatchObject(
      {
        status: 409,
        body: { fields: [{ field: 'body.0.topic' }] },
      },
    );
    expect((await call('DELETE', `/group/${encodeURIComponent(group)}/topic/${topic}-nope`)).status).toBe(
      409,
    );
  });
});

describe('AKHQ ACL routes', () => {
  it('GET acls and acls/{base64 principal}', async () => {
    const topic = await kafka.createTopic(1);
    const principal = `User:akhq-fixture-${randomUUID()}`;
    const binding = {
      resourceType: ResourceTypes.TOPIC,
      resourceName: topic,
      resourcePatternType: ResourcePatternTypes.LITERAL,
      principal,
      host: '*',
      operation: AclOperations.WRITE,
      permissionType: AclPermissionTypes.ALLOW,
    };
    await kafka.admin.createAcls({ creations: [binding] });
    try {
      const url = `/acls/${btoa(principal)}?resourceType=TOPIC`;
      // A new ACL reaches the broker's authorizer with the next metadata image: wait for it.
      await expect.poll(async () => (await call('GET', url)).body.acls?.length, { timeout: 10_000 }).toBe(1);
      const all = await call('GET', `/acls?search=${encodeURIComponent(principal)}`);
      expectAkhq(all.body, 'AccessControl[]');
      const one = await call('GET', url);
      expectAkhq(one.body, 'AccessControl');
      expect(one.body).toEqual({
        principal,
        acls: [
          {
            host: '*',
            operation: { operation: 'WRITE', permissionType: 'ALLOW' },
            resource: { resourceType: 'TOPIC', name: topic, patternType: 'LITERAL' },
          },
        ],
      });
    } finally {
      await kafka.admin.deleteAcls({ filters: [binding] });
    }
  });
});

describe('AKHQ schema routes', () => {
  it('create, list, latest, versions, by id; a body subject that differs from the path is a 409', async () => {
    const subject = `test-topic-${randomUUID()}-value`;
    subjects.push(subject);
    const schema = JSON.stringify({
      type: 'record',
      name: 'Fixture',
      fields: [{ name: 'id', type: 'string' }],
    });
    const created = await call('POST', '/schema', {
      clusterId: 'local',
      subject,
      schema,
      schemaType: 'AVRO',
    });
    expect(created.status).toBe(200);
    expectAkhq(created.body, 'Schema');
    const enc = encodeURIComponent(subject);
    expectAkhq((await call('GET', `/schema?search=${enc}&page=1`)).body, paged('Schema'));
    expectAkhq((await call('GET', `/schema/${enc}`)).body, 'Schema');
    expectAkhq((await call('GET', `/schema/${enc}/version`)).body, 'Schema[]');
    expectAkhq((await call('GET', `/schema/id/${created.body.id}?topic=${enc}`)).body, 'Schema');
    expectAkhq((await call('GET', '/schemas')).body, 'string[]');
    expect(await call('POST', `/schema/${enc}`, { subject: `${subject}-other`, schema })).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining("doesn't match") },
    });
  });
});

describe('AKHQ ksqlDB routes', () => {
  it('info, lists, a pull query, and execute answering the query id as text', async () => {
    expectAkhq((await call('GET', '/ksqldb/local/info')).body, 'KsqlDbServerInfo');
    expectAkhq((await call('GET', '/ksqldb/local/streams?page=1')).body, paged('KsqlDbStream'));
    expectAkhq((await call('GET', '/ksqldb/local/tables?page=1')).body, paged('KsqlDbStream'));
    expectAkhq((await call('GET', '/ksqldb/local/queries?page=1')).body, paged('KsqlDbQuery'));
    const stream = `AKHQ_FIXTURE_${randomUUID().slice(0, 8).toUpperCase()}`;
    const created = await call('PUT', '/ksqldb/local/execute', {
      sql: `CREATE STREAM ${stream} (id STRING KEY, n INT) WITH (kafka_topic='${stream.toLowerCase()}', value_format='JSON', partitions=1);`,
    });
    try {
      expect(created).toEqual({ status: 200, body: '' });
      await call('PUT', '/ksqldb/local/execute', { sql: `INSERT INTO ${stream} (id, n) VALUES ('u1', 3);` });
      const pull = await call('PUT', '/ksqldb/local/queries/pull', { sql: `SELECT * FROM ${stream};` });
      expectAkhq(pull.body, 'KsqlDbQueryResult');
      expect(pull.body).toEqual({ columnNames: ['ID', 'N'], columnValues: ['["u1",3]'] });
    } finally {
      await call('PUT', '/ksqldb/local/execute', { sql: `DROP STREAM IF EXISTS ${stream} DELETE TOPIC;` });
    }
  });
});
