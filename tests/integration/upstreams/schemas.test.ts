import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema, SchemaIdRef, SchemaList, TopicSchemas } from '../../../packages/contract/src/index.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { closedPort, send, silentServer, withLocal } from '../../support/upstreams.ts';

const registryUrl = () => {
  const url = process.env.SCHEMA_REGISTRY_URL;
  if (!url) throw new Error('SCHEMA_REGISTRY_URL is not set: the stack global setup did not run');
  return url;
};

const record = (fields: object[]) =>
  JSON.stringify({ type: 'record', name: 'Order', namespace: 'test', fields });
const v1 = record([{ name: 'id', type: 'string' }]);
const v2 = record([
  { name: 'id', type: 'string' },
  { name: 'amount', type: 'double', default: 0 },
]);
const incompatible = record([{ name: 'id', type: 'long' }]);

let app: RunningApp;
const made: string[] = [];
const api = <T>(path: string, method = 'GET', body?: unknown) =>
  send<T>(`${app.url}/api/local${path}`, method, body);

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  // Soft-deleted subjects are then removed for good, so runs leave nothing behind.
  for (const subject of made) {
    const path = `${registryUrl()}/subjects/${encodeURIComponent(subject)}`;
    await fetch(path, { method: 'DELETE' }).catch(() => undefined);
    await fetch(`${path}?permanent=true`, { method: 'DELETE' }).catch(() => undefined);
  }
});

function newSubject() {
  const token = randomUUID().slice(0, 8);
  const topic = `test-topic-${token}`;
  const subject = `${topic}-value`;
  made.push(subject);
  return { token, topic, subject };
}

describe('Schema Registry routes on the real registry', () => {
  it('creates, evolves, refuses an incompatible change, deletes a version and the subject', async () => {
    const { token, topic, subject } = newSubject();
    const enc = encodeURIComponent(subject);

    const created = await api<Schema>('/schema', 'POST', {
      subject,
      schema: v1,
      compatibilityLevel: 'BACKWARD',
      clusterId: 'local',
    });
    expect(created).toMatchObject({
      status: 200,
      body: { subject, version: 1, schemaType: 'AVRO', compatibilityLevel: 'BACKWARD', schema: v1 },
    });
    expect((await api('/schema', 'POST', { subject, schema: v1 })).body).toMatchObject({
      code: 'CONFLICT',
      message: `Subject '${subject}' already exists`,
    });

    const evolved = await api<Schema>(`/schema/${enc}`, 'POST', { subject, schema: v2 });
    expect(evolved).toMatchObject({
      status: 200,
      body: { subject, version: 2, compatibilityLevel: 'BACKWARD' },
    });
    const same = await api<Schema>(`/schema/${enc}`, 'POST', { schema: v2 });
    expect(same.body).toMatchObject({ version: 2, id: evolved.body.id });

    const refused = await api<{ code: string; message: string }>(`/schema/${enc}`, 'POST', {
      schema: incompatible,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/incompatible/i);

    const versions = await api<Schema[]>(`/schema/${enc}/version`);
    expect(versions.body.map((s) => [s.version, s.compatibilityLevel])).toEqual([
      [1, 'BACKWARD'],
      [2, 'BACKWARD'],
    ]);
    expect((await api<Schema>(`/schema/${enc}/version/1`)).body).toMatchObject({ version: 1, schema: v1 });

    const list = await api<SchemaList>(`/schema?search=${token}`);
    expect(list.body).toMatchObject({ page: 1, total: 1, pageSize: 25, results: [{ subject, version: 2 }] });
    expect((await api<string[]>('/schemas')).body).toContain(subject);

    expect((await api<SchemaIdRef>(`/schema/id/${evolved.body.id}?topic=${topic}`)).body).toEqual({
      id: evolved.body.id,
      subject,
      version: 2,
    });
    const forTopic = await api<TopicSchemas>(`/schema/topic/${topic}`);
    expect(forTopic.body.value[0]).toMatchObject({ subject, version: 2 });

    expect((await api(`/schema/${enc}/version/1`, 'DELETE')).status).toBe(204);
    expect((await api<Schema[]>(`/schema/${enc}/version`)).body.map((s) => s.version)).toEqual([2]);
    expect((await api(`/schema/${enc}/version/1`)).status).toBe(404);

    expect((await api(`/schema/${enc}`, 'DELETE')).status).toBe(204);
    expect(await api(`/schema/${enc}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await api('/schemas')).body).not.toContain(subject);
  });

  it('applies a compatibility change before the version sent with it', async () => {
    const { subject } = newSubject();
    const enc = encodeURIComponent(subject);
    await api('/schema', 'POST', { subject, schema: v1, compatibilityLevel: 'BACKWARD' });
    expect((await api(`/schema/${enc}`, 'POST', { schema: incompatible })).status).toBe(409);

    const relaxed = await api<Schema>(`/schema/${enc}`, 'POST', {
      schema: incompatible,
      compatibilityLevel: 'NONE',
    });
    expect(relaxed).toMatchObject({ status: 200, body: { version: 2, compatibilityLevel: 'NONE' } });
    const onlyLevel = await api<Schema>(`/schema/${enc}`, 'POST', { compatibilityLevel: 'FULL' });
    expect(onlyLevel.body).toMatchObject({ version: 2, compatibilityLevel: 'FULL' });
  });

  it('registers JSON schemas and refuses bad input with the field named', async () => {
    const { subject } = newSubject();
    const json = JSON.stringify({ type: 'object', properties: { id: { type: 'string' } } });
    const created = await api<Schema>('/schema', 'POST', { subject, schema: json, schemaType: 'JSON' });
    expect(created.body).toMatchObject({ schemaType: 'JSON', version: 1 });
    // An update without schemaType keeps the subject's type.
    const json2 = JSON.stringify({
      type: 'object',
      properties: { id: { type: 'string' }, n: { type: 'number' } },
    });
    const evolved = await api<Schema>(`/schema/${encodeURIComponent(subject)}`, 'POST', { schema: json2 });
    expect(evolved.body).toMatchObject({ schemaType: 'JSON', version: 2 });

    // A `subject` in the body (AKHQ's client sends one) must match the path: 409 as in AKHQ.
    const mismatch = await api<{ fields: unknown }>(`/schema/${encodeURIComponent(subject)}`, 'POST', {
      subject: 'other',
      compatibilityLevel: 'NONE',
    });
    expect(mismatch).toMatchObject({ status: 409, body: { fields: [{ field: 'body.subject' }] } });
    expect((await api(`/schema/${encodeURIComponent(subject)}`, 'POST', { subject })).body).toMatchObject({
      fields: [{ field: 'body', message: 'give a schema, a compatibilityLevel or both' }],
    });
    expect((await api('/schema/test-no-such-subject', 'POST', { schema: v1 })).status).toBe(404);
    expect((await api('/schema', 'POST', { subject })).status).toBe(400);
    expect((await api('/schema/id/999999999')).status).toBe(404);
  });
});

describe('Schema Registry failures stay on the registry routes', () => {
  it('answers 502 naming the registry when it is down, while Kafka routes still work', async () => {
    const port = await closedPort();
    const down = await startApp(
      withLocal((local) => ({
        schemaRegistry: {
          ...(local.schemaRegistry ?? { type: 'confluent', timeoutMs: 5_000 }),
          url: `http://127.0.0.1:${port}`,
        },
      })),
    );
    try {
      const answer = await send(`${down.url}/api/local/schema`);
      expect(answer).toMatchObject({
        status: 502,
        body: {
          code: 'UPSTREAM_UNAVAILABLE',
          message: "Schema Registry of cluster 'local' is unreachable: connection refused",
        },
      });
      expect((await send(`${down.url}/api/local/topic`)).status).toBe(200);
      expect((await send(`${down.url}/api/local/ksqldb/local/info`)).status).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('answers 504 when the registry does not answer in time', async () => {
    const silent = await silentServer();
    const slow = await startApp(
      withLocal(() => ({ schemaRegistry: { url: silent.url, type: 'confluent', timeoutMs: 300 } })),
    );
    try {
      expect(await send(`${slow.url}/api/local/schemas`)).toMatchObject({
        status: 504,
        body: {
          code: 'UPSTREAM_TIMEOUT',
          message: "Schema Registry of cluster 'local' did not answer within 300 ms",
        },
      });
    } finally {
      await slow.close();
      await silent.close();
    }
  });

  it('answers 404 naming what is missing on a cluster without a registry', async () => {
    const bare = await startApp(withLocal(() => ({ schemaRegistry: undefined })));
    try {
      expect(await send(`${bare.url}/api/local/schema`)).toMatchObject({
        status: 404,
        body: { message: "Cluster 'local' has no Schema Registry configured" },
      });
    } finally {
      await bare.close();
    }
  });
});
