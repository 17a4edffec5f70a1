import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AclOperations, AclPermissionTypes, ResourcePatternTypes, ResourceTypes } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, request, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { expectAkhq, paged } from './models.ts';

let app: RunningApp;
const kafka = testKafka();
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

const call = (method: string, path: string, body?: unknown) =>
  request(`${app.url}/api/local${path}`, { method, body });

/** Kafka's longest legal topic name: 249 characters of letters, digits, `.`, `_` and `-`. */
function longestTopic(): string {
  const start = `test-topic.${randomUUID()}_`;
  return start + 'x.y_z-'.repeat(50).slice(0, 249 - start.length);
}

describe('every route takes every legal name', () => {
  it('creates, reads, produces to, browses and deletes a 249-character topic', async () => {
    const topic = longestTopic();
    expect(topic).toHaveLength(249);
    expect(
      await call('POST', '/topic', { name: topic, partition: '2', replication: '1', configs: {} }),
    ).toMatchObject({
      status: 200,
      body: { name: topic },
    });
    expect(await call('GET', `/topic/${topic}`)).toMatchObject({ status: 200, body: { name: topic } });
    expect((await call('GET', `/topic/${topic}/configs`)).status).toBe(200);
    expect((await call('GET', `/topic/${topic}/partitions`)).status).toBe(200);
    const produced = await call('POST', `/topic/${topic}/data`, {
      key: 'k',
      value: 'v',
      partition: 1,
      headers: [],
      multiMessage: false,
    });
    expect(produced).toMatchObject({
      status: 200,
      body: [{ topic: { name: topic }, partition: 1, offset: 0 }],
    });
    expect(await call('GET', `/topic/${topic}/data?sort=Oldest&partition=All`)).toMatchObject({
      status: 200,
      body: { results: [{ topic: { name: topic }, key: 'k', value: 'v' }] },
    });
    expect(await call('GET', `/topic/${topic}/data/record/1/0`)).toMatchObject({
      status: 200,
      body: { results: [{ value: 'v' }] },
    });
    expect(await call('GET', `/topic/last-record?topics=${topic}`)).toMatchObject({
      status: 200,
      body: { [topic]: { value: 'v' } },
    });
    expect((await call('DELETE', `/topic/${topic}`)).status).toBe(204);
    await expect.poll(async () => (await call('GET', `/topic/${topic}`)).status).toBe(404);
  });

  it('reads, resets and deletes a group whose id holds `%`, `/`, `:`, spaces and dots', async () => {
    const topic = await kafka.createTopic(1);
    await kafka.produce(
      topic,
      [0, 1, 2].map((i) => ({ partition: 0, value: `r${i}` })),
    );
    const group = `test-group ${randomUUID()} 100%/a:b.c_d`;
    await kafka.admin.alterConsumerGroupOffsets({
      groupId: group,
      topics: [{ name: topic, partitionOffsets: [{ partition: 0, offset: 1n }] }],
    });
    const path = `/group/${encodeURIComponent(group)}`;
    try {
      expect(await call('GET', path)).toMatchObject({ status: 200, body: { id: group, state: 'EMPTY' } });
      expect(await call('GET', `${path}/offsets`)).toMatchObject({
        status: 200,
        body: [{ topic, partition: 0, offset: 1 }],
      });
      // AKHQ's client sends the partition and offset as text.
      expect((await call('POST', `${path}/offsets`, [{ topic, partition: '0', offset: '2' }])).status).toBe(
        204,
      );
      expect(await call('GET', `${path}/offsets`)).toMatchObject({
        body: [{ topic, partition: 0, offset: 2 }],
      });
      expect((await call('GET', `/group?search=${encodeURIComponent(group)}`)).body).toMatchObject({
        results: [{ id: group }],
      });
      expect((await call('DELETE', path)).status).toBe(204);
    } finally {
      await kafka.admin.deleteGroups({ groups: [group] }).catch(() => undefined);
    }
  });

  it('reads the ACLs of a principal holding `/`, `:`, `%` and `=`, its base64 raw or URL-encoded', async () => {
    const topic = await kafka.createTopic(1);
    // Five `?` in a row: one aligned triple encodes as `Pz8/`, so the base64 holds a `/`.
    const principal = `User:CN=svc/${randomUUID()}?????,O=100%,OU=a:b`;
    const binding = {
      resourceType: ResourceTypes.TOPIC,
      resourceName: topic,
      resourcePatternType: ResourcePatternTypes.LITERAL,
      principal,
      host: '*',
      operation: AclOperations.READ,
      permissionType: AclPermissionTypes.ALLOW,
    };
    await kafka.admin.createAcls({ creations: [binding] });
    try {
      const encoded = Buffer.from(principal).toString('base64');
      expect(encoded).toContain('/');
      for (const path of [`/acls/${encodeURIComponent(encoded)}`, `/acls/${encoded}`]) {
        // A new ACL reaches the broker's authorizer with the next metadata image: wait for it.
        await expect
          .poll(() => call('GET', path), { timeout: 10_000 })
          .toMatchObject({ status: 200, body: { principal, acls: [{ resource: { name: topic } }] } });
      }
    } finally {
      await kafka.admin.deleteAcls({ filters: [binding] });
    }
  });

  it('registers, reads, versions and deletes a subject holding `/`, `%`, `:` and dots', async () => {
    const subject = `test.${randomUUID()}/a%20b:c_d-value`;
    const enc = encodeURIComponent(subject);
    const schema = JSON.stringify({
      type: 'record',
      name: 'Legal',
      fields: [{ name: 'id', type: 'string' }],
    });
    try {
      expect(await call('POST', '/schema', { subject, schema })).toMatchObject({
        status: 200,
        body: { subject, version: 1 },
      });
      expect(await call('GET', `/schema/${enc}`)).toMatchObject({ status: 200, body: { subject } });
      expect(await call('GET', `/schema/${enc}/version`)).toMatchObject({ status: 200, body: [{ subject }] });
      expect((await call('GET', `/schema?search=${enc}`)).body).toMatchObject({ results: [{ subject }] });
      expect((await call('DELETE', `/schema/${enc}`)).status).toBe(204);
    } finally {
      const url = `${process.env.SCHEMA_REGISTRY_URL}/subjects/${enc}`;
      await fetch(url, { method: 'DELETE' }).catch(() => undefined);
      await fetch(`${url}?permanent=true`, { method: 'DELETE' }).catch(() => undefined);
    }
  });

  it('creates, reads and deletes a connector named with `:`, `+`, `@`, spaces and dots', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'legal-names-'));
    const file = join(dir, 'in.txt');
    await writeFile(file, 'one\n');
    const topic = await kafka.createTopic(1);
    // Connect refuses a `/` in a name, and its Jetty 12 answers 400 to any path holding `%25` (an encoded
    // `%`, "ambiguous URI path encoding"): such a connector could not be read or deleted, through us or not.
    const name = `test-connector ${randomUUID()} a+b@c:d.e_f`;
    const path = `/connect/local/${encodeURIComponent(name)}`;
    try {
      const configs = {
        'connector.class': 'org.apache.kafka.connect.file.FileStreamSourceConnector',
        file,
        topic,
        'tasks.max': '1',
      };
      expect(await call('POST', '/connect/local', { name, configs })).toMatchObject({
        status: 200,
        body: { name },
      });
      const one = await call('GET', path);
      expect(one).toMatchObject({ status: 200, body: { name } });
      expectAkhq(one.body, 'ConnectDefinition');
      expectAkhq((await call('GET', '/connect/local?page=1')).body, paged('ConnectDefinition'));
      expect(await call('GET', `${path}/configs`)).toMatchObject({ status: 200, body: { name, file } });
      expect((await call('DELETE', path)).status).toBe(204);
    } finally {
      await fetch(`${process.env.CONNECT_URL}/connectors/${encodeURIComponent(name)}`, {
        method: 'DELETE',
      }).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
